import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `--fail-fast` on `Tests/Fixtures/SchedulingFixture`: a failing test ahead of eight 0.5 s sleepers.
@Suite(.tags(.large))
struct FailFastRunTests {
    @Test func theRunStopsAtTheFirstFailureAndReportsWhatRan() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("FailFastRunTests")
        let result = try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") {
            try await TelltaleProcess.run([
                "run", "--package", "Tests/Fixtures/SchedulingFixture", "--skip-build", "--workers", "1", "--fail-fast",
                "--filter", "FlakyCases/testAlwaysFails|SleepingCases", "--report-dir", reports,
            ])
        }
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        // XCTest runs FlakyCases before SleepingCases: the failure comes first, the sleepers never start.
        #expect(record.tests.map(\.id.rawValue) == ["SchedulingFixtureTests.FlakyCases/testAlwaysFails"])
        #expect(record.notes.contains { $0.hasPrefix("stopped at the first failure (--fail-fast)") && $0.contains("1 of 9 tests ran") })
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        #expect(summary.contains("stopped at the first failure"))
        // No test process of this run is left behind (other tests run the same fixture at the same
        // time: this run's processes are the ones whose environment names its report folder).
        #expect(Self.processes(withEnvironment: "TELLTALE_RUN_DIR=\(URL(fileURLWithPath: reports).standardizedFileURL.path)").isEmpty)
    }

    /// A stopped run's record is assembled like a finished one's: every test that ran keeps its
    /// earlier attempts, its session, its worker and its output; and the stop is orderly, so the
    /// console shows no error-level line from the servers' shutdown.
    @Test func aStoppedRunKeepsEveryDetailOfWhatRan() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("FailFastRunTests")
        let result = try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") {
            try await TelltaleProcess.run([
                "run", "--package", "Tests/Fixtures/SchedulingFixture", "--skip-build", "--workers", "1", "--retries", "1", "--fail-fast",
                "--filter", "FlakyCases/testAlwaysFails|SleepingCases/testSleep1$", "--report-dir", reports,
            ])
        }
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let failing = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testAlwaysFails") })
        #expect(failing.previousAttempts.map(\.outcome) == [.failed])
        #expect(failing.messages.first?.text.contains("run 2") == true, "the last attempt is the record's")
        let sleeper = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testSleep1") })
        #expect(sleeper.output.hasPrefix("session="), "output attributed before the stop")
        for test in record.tests {
            #expect(test.worker == 1, "\(test.id)")
            #expect(test.session?.hasSuffix("-w1") == true, "\(test.id)")
        }
        #expect(record.notes.contains { $0.contains("stopped at the first failure (--fail-fast)") })
        let errorLines = (result.stderr + result.stdout).split(separator: "\n").filter {
            $0.contains("error telltale") || $0.contains("[Hummingbird")
        }
        #expect(errorLines.isEmpty, "an orderly stop logs no error: \(errorLines)")
    }

    static func processes(withEnvironment entry: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        return pids.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == entry }
        }
    }

    /// A quarantined failure does not fail the run, so it does not stop it either.
    @Test func aQuarantinedFailureDoesNotStopTheRun() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("FailFastRunTests")
        let plan = "\(reports)/plan.yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/Tests/Fixtures/SchedulingFixture
        filter: ['FlakyCases/testAlwaysFails|SleepingCases/testSleep[12]$']
        workers: 1
        quarantine:
          - { test: SchedulingFixtureTests.FlakyCases/testAlwaysFails, reason: known, owner: me, until: 2099-12-31 }
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let result = try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") {
            try await TelltaleProcess.run(["run", plan, "--skip-build", "--fail-fast", "--report-dir", "\(reports)/out"])
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/out/run.json")
        #expect(record.tests.count == 3)
    }

    /// `--fail-fast --retries 1` on 28 tests, 12 failing: a failure runs again as soon as its
    /// process has ended, ahead of the tests not yet started, so the run stops after each worker's
    /// first batch (7 and 6 tests), not after the whole first pass (28 of 28 before). The direct
    /// launcher: under `swiftpm` each worker gets an equal part at once, its batch a half.
    @Test func aFailureIsRetriedAtOnceSoTheRunStopsSoonAfterIt() async throws {
        try await FixtureRuns.shared.build(fixture: "FailFastRetriesFixture")
        let reports = try TelltaleProcess.temporaryDirectory("FailFastRunTests")
        let result = try await TelltaleProcess.run([
            // One class of 28 tests, handed out one by one (by default a class runs whole).
            "run", "--package", "Tests/Fixtures/FailFastRetriesFixture", "--skip-build", "--workers", "2", "--retries", "1", "--fail-fast",
            "--split-classes",
            "--launcher", "direct", "--report-dir", reports,
        ])
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(record.tests.count <= 13, "\(record.tests.map(\.id.rawValue))")
        #expect(
            record.notes.contains { $0.hasPrefix("stopped at the first failure (--fail-fast)") && $0.contains(" of 28 tests ran") }, "\(record.notes)"
        )
        // The test that stopped the run kept its first attempt; nothing ran a third time.
        let stopper = try #require(record.tests.first { !$0.previousAttempts.isEmpty && $0.outcome == .failed }, "\(record.notes)")
        #expect(stopper.previousAttempts.map(\.outcome) == [.failed])
        #expect(record.tests.allSatisfy { $0.previousAttempts.count <= 1 })
    }
}
