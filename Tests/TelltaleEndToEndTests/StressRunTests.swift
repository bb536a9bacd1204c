import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run --stress-new N` through the real `telltale` on `Tests/Fixtures/StressFixture`:
/// `SettledTests` is recorded in a history first; then `Arriving`'s two tests are new, and
/// `flakyOneRunInThree` (which fails run k when k % 3 == 2, counted in a folder the plan's
/// environment names) is caught as flaky on arrival while `stable` passes.
@Suite(.tags(.large), .serialized)
struct StressRunTests {
    static let fixture = "Tests/Fixtures/StressFixture"
    static let flaky = TestID("StressTests.Arriving/flakyOneRunInThree()")
    static let stable = TestID("StressTests.Arriving/stable()")
    static let settled = TestID("StressTests.SettledTests/testSettled")

    let folder: String

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("StressRunTests")
    }

    var history: String { "\(folder)/history.sqlite" }

    /// A plan for `package` whose tests count their runs in `counters`.
    func plan(_ name: String, package: String, counters: String, onFlaky: String = "fail") throws -> String {
        let path = "\(folder)/\(name).yml"
        try """
        version: 1
        package: \(package)
        environment:
          STRESS_FIXTURE_COUNTERS: \(counters)
        stress:
          onFlaky: \(onFlaky)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ plan: String, _ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord?) {
        let directory = "\(folder)/\(reports)"
        let result = try await TelltaleProcess.run(["run", plan, "--report-dir", directory] + arguments)
        return (result, try? RunRecordFile.read(path: "\(directory)/run.json"))
    }

    /// `run` of the fixture in place, built once and held for the run.
    func runBuilt(_ plan: String, _ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord?) {
        try await FixtureRuns.shared.withBuilt(fixture: "StressFixture") { try await run(plan, reports, ["--skip-build"] + arguments) }
    }

    @Test func aNewTestThatFailsOneRunInThreeIsFlakyOnArrivalAndAStableOnePasses() async throws {
        let package = "\(TelltaleProcess.repositoryRoot)/\(Self.fixture)"
        let failing = try plan("fail", package: package, counters: "\(folder)/counters-1")

        // The history knows the settled test only; nothing is stressed without a history yet.
        let (first, firstRecord) = try await runBuilt(
            failing, "first", ["--filter", "SettledTests", "--history", history, "--stress-new", "5"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(firstRecord?.tests.allSatisfy { $0.stress == nil } == true)
        #expect(firstRecord?.notes.contains { $0.contains("no run history to tell new tests by") } == true, "\(firstRecord?.notes ?? [])")

        let (result, record) = try await runBuilt(failing, "stressed", ["--history", history, "--stress-new", "5"])
        #expect(result.status == 1, "\(result.stderr)")
        let tests = try #require(record?.tests)
        let flaky = try #require(tests.first { $0.id == Self.flaky })
        #expect(flaky.outcome == .failed)
        #expect(flaky.stress?.verdict == .flakyOnArrival)
        #expect(flaky.stress?.runs == 6 && flaky.stress?.passed == 4, "\(String(describing: flaky.stress))")
        #expect(flaky.stress?.reasons == ["new: no passing run in the history"])
        #expect(flaky.previousAttempts.count == 5)
        #expect(flaky.primaryMessage?.text.hasPrefix("flaky on arrival: passed 4 of 6 runs") == true, "\(flaky.messages)")
        let stable = try #require(tests.first { $0.id == Self.stable })
        #expect(stable.outcome == .passed && stable.stress?.verdict == .stable && stable.stress?.runs == 6)
        let settled = try #require(tests.first { $0.id == Self.settled })
        #expect(settled.stress == nil && settled.previousAttempts.isEmpty, "the history knows it: not stressed")
        #expect(result.stderr.contains("stressing 2 new or changed tests (run 1 of 5 more)"), "\(result.stderr)")
        #expect(record?.notes.contains { $0.hasPrefix("stress: 2 new or changed tests run 5 more times each") } == true, "\(record?.notes ?? [])")

        let reports = "\(folder)/stressed"
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        #expect(summary.contains("### Stress (2 new or changed, 1 flaky on arrival)"), "\(summary)")
        #expect(summary.contains("| 4 of 6 | ❌ flaky on arrival |"), "\(summary)")
        let junit = try String(contentsOfFile: "\(reports)/junit.xml", encoding: .utf8)
        #expect(junit.contains("flaky on arrival: passed 4 of 6 runs"))
        let html = try String(contentsOfFile: "\(reports)/index.html", encoding: .utf8)
        #expect(html.contains(#""st":{"v":"flakyOnArrival""#) && html.contains("function stressSection"))

        // Report only: the test that arrived flaky is still new (it never passed a run of its
        // own), so it is stressed again and reported flaky, and the run passes; the stable one
        // passed last time and is not stressed again.
        let reporting = try plan("report", package: package, counters: "\(folder)/counters-2", onFlaky: "report")
        let (reported, reportedRecord) = try await runBuilt(reporting, "reported", ["--history", history, "--stress-new", "5"])
        #expect(reported.status == 0, "\(reported.stderr)")
        let again = try #require(reportedRecord?.tests.first { $0.id == Self.flaky })
        #expect(again.outcome == .passed && again.isFlaky)
        #expect(again.stress?.verdict == .flakyOnArrival && again.stress?.reportOnly == true)
        #expect(again.messages.first?.kind == .warning)
        #expect(reportedRecord?.tests.first { $0.id == Self.stable }?.stress == nil)
        let reportedSummary = try String(contentsOfFile: "\(folder)/reported/summary.md", encoding: .utf8)
        #expect(reportedSummary.contains("⚠️ flaky on arrival (reported only)"), "\(reportedSummary)")
    }

    /// Run once to record the history; then a test added and a test file changed: with
    /// `--changed`, the added test is stressed as new and as in a changed file, the tests of the
    /// edited file for their file, and the rest not at all.
    @Test func newIsToldByTheHistoryAndChangedByTheTestFile() async throws {
        let package = "\(folder)/StressFixture"
        try FixtureSources.copy("\(TelltaleProcess.repositoryRoot)/\(Self.fixture)", to: package)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "fixture"]] {
            let git = try await TelltaleProcess.runProcess("/usr/bin/env", ["git"] + arguments, in: package)
            try #require(git.status == 0, "git \(arguments): \(git.stderr)")
        }
        let plan = try plan("plan", package: package, counters: "\(folder)/counters")
        let (first, _) = try await run(plan, "first", ["--history", history, "--stress-new", "2"])
        #expect(first.status == 0, "\(first.stderr)")

        try """
        import Testing

        @Test func added() { #expect(Bool(true)) }
        """.write(toFile: "\(package)/Tests/StressTests/AddedTests.swift", atomically: true, encoding: .utf8)
        let settled = "\(package)/Tests/StressTests/SettledTests.swift"
        try (String(contentsOfFile: settled, encoding: .utf8) + "\n// edited\n").write(toFile: settled, atomically: true, encoding: .utf8)

        let (second, record) = try await run(plan, "second", ["--history", history, "--stress-new", "2", "--changed"])
        #expect(second.status == 0, "\(second.stderr)")
        let stressed = Dictionary(
            uniqueKeysWithValues: (record?.tests ?? []).compactMap { test in test.stress.map { (test.id.rawValue, $0.reasons) } })
        #expect(
            stressed == [
                "StressTests.added()": ["new: no passing run in the history", "its file changed: Tests/StressTests/AddedTests.swift"],
                "StressTests.SettledTests/testSettled": ["its file changed: Tests/StressTests/SettledTests.swift"],
            ], "\(stressed)")
        #expect(record?.tests.first { $0.id.rawValue == "StressTests.added()" }?.stress?.runs == 3)
    }

    /// A quarantined test is known to be bad and its failures fail nothing: it is not stressed
    /// (before, the hook ran it N more times and judged it), while a new test beside it is.
    @Test func aQuarantinedTestIsNotStressed() async throws {
        try await FixtureRuns.shared.build(fixture: "StressFixture")
        let package = "\(TelltaleProcess.repositoryRoot)/\(Self.fixture)"
        let path = "\(folder)/quarantine.yml"
        try """
        version: 1
        package: \(package)
        environment:
          STRESS_FIXTURE_COUNTERS: \(folder)/counters-quarantine
        quarantine:
          - { test: '\(Self.flaky)', reason: flaky on arrival, owner: me, until: 2099-12-31 }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let (first, _) = try await run(path, "q-first", ["--skip-build", "--filter", "SettledTests", "--history", history])
        #expect(first.status == 0, "\(first.stderr)")

        let (result, record) = try await run(path, "q-stressed", ["--skip-build", "--history", history, "--stress-new", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let flaky = try #require(record?.tests.first { $0.id == Self.flaky })
        #expect(flaky.stress == nil && flaky.previousAttempts.isEmpty, "\(flaky.previousAttempts.count) more runs")
        #expect(record?.tests.first { $0.id == Self.stable }?.stress?.runs == 3)
        #expect(
            record?.notes.contains("stress: 1 quarantined test is not stressed: \(Self.flaky)") == true, "\(record?.notes ?? [])")
    }
}
