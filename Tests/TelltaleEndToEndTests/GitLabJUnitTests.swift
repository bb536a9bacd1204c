import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Telltale's JUnit read as GitLab reads it (`Fixtures/gitlab_junit_rules.py`): every test case
/// keeps a key of its own, and no file passes GitLab's object or size limits.
@Suite(.tags(.large))
struct GitLabJUnitTests {
    struct Reading: Decodable {
        struct File: Decodable {
            var file: String
            var elements: Int
            var bytes: Int
            /// The root's `tests`, `failures`, `errors`, `skipped`, and the file's test cases counted so.
            var declared: [String: Int]
            var counted: [String: Int]
        }
        var testcases: Int
        var keys: Int
        var duplicates: [[String]]
        var files: [File]
        var totals: [String: Int]
        var problems: [String]
    }

    /// `junit.xml`, `junit-2.xml`, … in `folder`, in order.
    static func junitFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let parts = names.compactMap { name -> Int? in
            guard name.hasPrefix("junit-"), name.hasSuffix(".xml") else { return nil }
            return Int(name.dropFirst(6).dropLast(4))
        }
        return ["\(folder)/junit.xml"] + parts.sorted().map { "\(folder)/junit-\($0).xml" }
    }

    /// Every `junit*.xml` in `folder`, as GitLab's parser reads them together in one job.
    func gitLabReading(_ folder: String) async throws -> Reading {
        let files = Self.junitFiles(in: folder)
        let check = try await ChildProcesses.run("python3", ["\(ExitStatusTests.fixtures)/gitlab_junit_rules.py"] + files)
        let reading = try JSONDecoder().decode(Reading.self, from: Data(check.stdoutText.utf8))
        #expect(check.status == 0, "\(reading.problems) \(reading.duplicates) \(check.stderrText)")
        return reading
    }

    /// Same-named tests in two targets and overloads, argument cases and a retried test: each
    /// is a test case of its own in GitLab, and none replaces another.
    @Test(arguments: [
        ("SameNameFixture", [String]()),
        ("RichResultsFixture", RichResultsRunTests.withoutHang),
        ("SchedulingFixture", ["\(ExitStatusTests.fixtures)/schedulingRetriesAndTimeouts.yml"]),
    ])
    func namesStayUniqueWithSameNamesCasesAndRetries(fixture: String, arguments: [String]) async throws {
        let run = try await FixtureRuns.shared.run(fixture: fixture, extraArguments: arguments)
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        let reading = try await gitLabReading(run.reportDirectory)
        let units = record.tests.reduce(0) { count, test in
            guard let cases = test.cases, !cases.isEmpty, !(test.quarantine != nil && test.outcome.isFailure) else { return count + 1 }
            return count + cases.count + (test.messages.contains { $0.testCase == nil && $0.kind.failsTest } ? 1 : 0)
        }
        #expect(reading.testcases == units && reading.keys == units, "\(reading.duplicates)")
        #expect(reading.files.map(\.file) == ["junit.xml"])
        if fixture == "SchedulingFixture" {
            let retried = record.tests.filter { !$0.previousAttempts.isEmpty }
            #expect(!retried.isEmpty, "the plan retries failing tests")
        }
        if fixture == "RichResultsFixture" {
            #expect(record.tests.contains { ($0.cases?.count ?? 0) > 1 })
        }
    }

    /// 300,000 tests are more than GitLab parses in one document: `telltale report --format
    /// junit` continues them in `junit-2.xml`, says so, and every file validates and keeps to the
    /// limits; the files together hold every test once, with the run's totals.
    @Test func aRunOfThreeHundredThousandTestsIsSplitUnderGitLabsLimits() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("gitlab-300k")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = Self.record(tests: 300_000)
        try RunRecordFile.encode(record).write(to: URL(fileURLWithPath: "\(folder)/run.json"))

        let report = try await TelltaleProcess.run(["report", folder, "--format", "junit"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.contains("the results continue in junit-2.xml"), "\(report.stderr)")
        let files = Self.junitFiles(in: folder)
        #expect(files.count >= 2 && report.stdout.contains("junit-2.xml"), "\(report.stdout)")

        let reading = try await gitLabReading(folder)
        #expect(reading.testcases == 300_000 && reading.keys == 300_000)
        #expect(reading.files.allSatisfy { $0.elements <= 250_000 && $0.bytes <= 30_000_000 }, "\(reading.files)")
        let totals = record.totals
        #expect(reading.totals == ["success": totals.passed, "failed": totals.failed, "error": totals.errors, "skipped": totals.skipped])

        for file in files {
            let lint = try await XMLLint.validate(path: file)
            #expect(lint.status == 0, "\(file): \(lint.output.prefix(2000))")
        }
        // Each file's root counts its own test cases (read by Python's C parser, in the script
        // above: FoundationXML's XMLDocument spent 15 CPU-seconds more on 300,000 cases).
        for file in reading.files {
            #expect(file.declared == file.counted, "\(file.file): the root declares \(file.declared), its test cases count \(file.counted)")
        }
        #expect(reading.files.map { $0.declared["tests"] ?? 0 }.reduce(0, +) == 300_000, "each file's root counts its own test cases")
    }

    /// A synthetic run: suites of 100 tests, one in 100 failing with a message, one in 250 skipped.
    static func record(tests count: Int) -> RunRecord {
        let started = Date(timeIntervalSince1970: 1_790_000_000)
        let tests = (0..<count).map { index in
            let outcome: TestOutcome = index % 100 == 7 ? .failed : index % 250 == 3 ? .skipped : .passed
            let messages =
                outcome == .failed
                ? [
                    TestMessage(
                        kind: .failure, text: "Expectation failed: (total → \(index)) == 0",
                        location: SourceLocation(file: "Tests/BigTests/Suite.swift", line: 12))
                ]
                : []
            return TestResult(
                id: TestID("BigTests.Suite\(index / 100)/test\(index % 100)()"), framework: .swiftTesting, outcome: outcome,
                duration: 0.001, startedAt: started, messages: messages)
        }
        return RunRecord(
            tool: ToolInfo(version: "test"), plan: PlanSummary(name: "big", path: nil, package: "."),
            environment: RunEnvironment(host: "ci", operatingSystem: "Linux"), startedAt: started, duration: 300, tests: tests)
    }
}
