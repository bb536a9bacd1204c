import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// `Tests/Fixtures/CrashingFixture`: a crash in either framework fails only the
/// crashing test, and the tests after it still run in a new process.
@Suite(.tags(.large))
struct CrashingFixtureRunTests {
    @Test func crashIsAnErrorForThatTestAndTheRestStillRun() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "CrashingFixture")
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        let record = try #require(run.record)
        let outcomes = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id.rawValue, $0.outcome) })
        #expect(
            outcomes == [
                "CrashingFixtureTests.CrashCases/testA_BeforeCrash": .passed,
                "CrashingFixtureTests.CrashCases/testB_Crashes": .error,
                "CrashingFixtureTests.CrashCases/testC_AfterCrash": .passed,
                "CrashingFixtureTests.CrashCases/testD_AfterCrashFails": .failed,
                "CrashingFixtureTests.SignalCases/a_beforeSignal()": .passed,
                "CrashingFixtureTests.SignalCases/b_raisesSignal()": .error,
                "CrashingFixtureTests.SignalCases/c_afterSignal()": .passed,
                "CrashingFixtureTests.FatalErrorCases/trapsWithAFatalError()": .error,
            ])
        #expect(run.process.stdout.contains("4 passed, 4 failed, 0 skipped"))
    }

    @Test func crashMessageNamesTheSignalAndKeepsTheLastLines() async throws {
        let record = try #require(try await FixtureRuns.shared.run(fixture: "CrashingFixture").record)
        let xctest = try #require(record.tests.first { $0.id.rawValue == "CrashingFixtureTests.CrashCases/testB_Crashes" })
        let message = try #require(xctest.primaryMessage)
        #expect(message.kind == .error)
        #expect(message.text.contains("signal 4 (SIGILL)"))
        #expect(message.text.contains("Fatal error: boom from XCTest"))
        // Printed just before the crash: kept because test output is line-buffered.
        #expect(xctest.output.contains("about to crash"))

        let swiftTesting = try #require(record.tests.first { $0.id.rawValue == "CrashingFixtureTests.SignalCases/b_raisesSignal()" })
        #expect(swiftTesting.primaryMessage?.text.contains("signal 6 (SIGABRT)") == true)
        #expect(swiftTesting.output.contains("about to raise SIGABRT"))
        let before = try #require(record.tests.first { $0.id.rawValue == "CrashingFixtureTests.SignalCases/a_beforeSignal()" })
        #expect(!before.output.contains("about to raise"))
    }

    @Test func junitRecordsTheCrashAsAnError() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "CrashingFixture")
        let junit = "\(run.reportDirectory)/junit.xml"
        #expect(try await XMLLint.validate(path: junit).status == 0)
        #expect(try JUnitTotals.read(path: junit) == JUnitTotals(tests: 8, failures: 1, errors: 3, skipped: 0))
    }

    /// A crash's error carries the fatal error's file and line, in both frameworks, and every
    /// output with a place for one points there: JUnit's `file`/`line`, GitHub's annotation,
    /// Harbormaster's unit.
    @Test(arguments: [
        ("CrashingFixtureTests.CrashCases/testB_Crashes", "XCTestCrash.swift", 7),
        ("CrashingFixtureTests.FatalErrorCases/trapsWithAFatalError()", "SwiftTestingCrash.swift", 21),
    ])
    func aCrashPointsAtItsFatalError(test: String, file: String, line: Int) async throws {
        let run = try await FixtureRuns.shared.run(fixture: "CrashingFixture")
        let record = try #require(run.record)
        let crashed = try #require(record.tests.first { $0.id.rawValue == test })
        let location = try #require(crashed.primaryMessage?.location, "\(crashed.messages)")
        let path = "Tests/Fixtures/CrashingFixture/Tests/CrashingFixtureTests/\(file)"
        #expect(location.file == "\(TelltaleProcess.repositoryRoot)/\(path)")
        #expect(location.line == line)

        let junit = try String(contentsOfFile: "\(run.reportDirectory)/junit.xml", encoding: .utf8)
        let name = String(test.split(separator: "/").last!)
        #expect(junit.contains(#"name="\#(name)""#) && junit.contains(#"file="\#(path)" line="\#(line)""#), "\(junit)")

        let report = try await TelltaleProcess.run([
            "report", run.reportDirectory, "--out", run.reportDirectory + "/again", "--annotations", "github",
        ])
        let annotation = report.stdout.split(separator: "\n").first { $0.hasPrefix("::error") && $0.contains(name) }
        #expect(annotation?.contains("file=\(path),line=\(line)") == true, "\(report.stdout)")

        let harbormaster = try await TelltaleProcess.run([
            "report", run.reportDirectory, "--out", run.reportDirectory + "/hm", "--format", "harbormaster",
        ])
        #expect(harbormaster.status == 0)
        let units = try JSONDecoder().decode(
            HarbormasterMessage.self, from: Data(contentsOf: URL(fileURLWithPath: run.reportDirectory + "/hm/harbormaster.json"))
        ).unit
        #expect(units.first { "\($0.namespace)/\($0.name)" == test }?.path == path)
    }

    struct HarbormasterMessage: Decodable {
        struct Unit: Decodable {
            var name: String
            var namespace: String
            var path: String?
        }
        var unit: [Unit]
    }
}
