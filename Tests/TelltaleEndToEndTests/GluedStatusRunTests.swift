import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// XCTest tests whose own output could bend their verdict (`Tests/Fixtures/GluedStatusFixture`):
/// text without a final newline on stdout or stderr just before XCTest's status line, and lines
/// shaped like XCTest's status for other tests. Telltale's verdicts equal `swift test`'s, read
/// from its xUnit file under `--parallel` (one process a test, judged by its exit status), with
/// both launchers, run after run.
@Suite(.tags(.large))
struct GluedStatusRunTests {
    static let fixture = "GluedStatusFixture"

    @Test(arguments: ["direct", "swiftpm"])
    func verdictsEqualSwiftTestsRunAfterRun(launcher: String) async throws {
        let expected = try await Self.expected.value
        #expect(expected.count == 11)
        #expect(Set(expected.values) == ["passed", "failure"])
        for run in 1...10 {
            let reports = try TelltaleProcess.temporaryDirectory("GluedStatusRunTests")
            let result = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
                try await TelltaleProcess.run([
                    "run", "--package", "Tests/Fixtures/\(Self.fixture)", "--skip-build", "--no-history", "--workers", "2",
                    "--launcher", launcher, "--report-dir", reports,
                ])
            }
            #expect(result.status == 1, "run \(run): \(result.stderr)")
            let record = try RunRecordFile.read(path: "\(reports)/run.json")
            var verdicts: [String: String] = [:]
            for test in record.tests { verdicts[test.id.rawValue] = test.outcome == .passed ? "passed" : "failure" }
            #expect(verdicts == expected, "run \(run) with the \(launcher) launcher")
            // The text stays the test's output, whatever the status line was glued to. Under `swift
            // test`, which forwards stdout and stderr through two pipes read apart, stderr's text may
            // arrive after the status line: then it is in the worker's log, never lost.
            let partial = record.tests.first { $0.id.rawValue.hasSuffix("testPartialStderrThenPasses") }
            if launcher == "direct" {
                #expect(partial?.output == "partial stderr", "run \(run): \(String(describing: partial?.output))")
            } else {
                let logs = try FileManager.default.contentsOfDirectory(atPath: "\(reports)/logs").filter { $0.hasPrefix("worker-") }
                let text = try logs.map { try String(contentsOfFile: "\(reports)/logs/\($0)", encoding: .utf8) }.joined()
                #expect(text.contains("partial stderr"), "run \(run)")
            }
            let fake = record.tests.first { $0.id.rawValue.hasSuffix("testPrintsAWholeFakeTestThenPasses") }
            #expect(fake?.output.contains("Test Case 'FakeStatusCases.testOther' failed") == true, "run \(run)")
            #expect(fake?.messages.isEmpty == true, "run \(run): another test's error line is output, not a failure")
        }
    }

    /// Read once for both launchers.
    static let expected = Task { try await swiftTestVerdicts() }

    /// `swift test --parallel --xunit-output`: each test's verdict as SwiftPM judged it.
    static func swiftTestVerdicts() async throws -> [String: String] {
        let xunit = try TelltaleProcess.temporaryDirectory("GluedStatusRunTests") + "/xunit.xml"
        _ = try await FixtureRuns.shared.withBuilt(fixture: fixture) {
            try await ChildProcesses.run(
                "swift", ["test", "--skip-build", "--parallel", "--xunit-output", xunit], in: FixtureRuns.package(fixture))
        }
        var verdicts: [String: String] = [:]
        for (key, outcome) in try JUnitTotals.outcomeList(path: xunit) {
            // `Module.Class/test`, as Telltale names an XCTest test.
            verdicts[key] = outcome
        }
        return verdicts
    }
}
