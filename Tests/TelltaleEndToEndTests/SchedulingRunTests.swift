import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Workers, retries and timeouts on `Tests/Fixtures/SchedulingFixture`.
@Suite(.tags(.large))
struct SchedulingRunTests {
    func planRun() async throws -> FixtureRuns.Run {
        try await FixtureRuns.shared.run(
            fixture: "SchedulingFixture",
            extraArguments: ["\(ExitStatusTests.fixtures)/schedulingRetriesAndTimeouts.yml"]
        )
    }

    func result(_ id: String, in run: FixtureRuns.Run) throws -> TestResult {
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        return try #require(record.tests.first { $0.id.rawValue == id }, "no result for \(id)")
    }

    /// One class of eight sleeping tests, handed out one by one (`--split-classes`; by default a
    /// class runs whole in one process).
    @Test func workersRunTestsInSeparateProcessesAtTheSameTime() async throws {
        let run = try await FixtureRuns.shared.run(
            fixture: "SchedulingFixture", extraArguments: ["--filter", "SleepingCases", "--workers", "4", "--split-classes"])
        #expect(run.process.status == 0, "stderr: \(run.process.stderr)")
        let record = try #require(run.record)
        // Each sleeping test printed `session=… start=… end=…`.
        let windows = try record.tests.map { test -> (session: String, start: Double, end: Double) in
            let line = try #require(test.output.split(separator: "\n").first { $0.hasPrefix("session=") }, "\(test.id): \(test.output)")
            let fields = Dictionary(
                uniqueKeysWithValues: line.split(separator: " ").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return (String(parts[0]), String(parts[1]))
                })
            return (fields["session"]!, Double(fields["start"]!)!, Double(fields["end"]!)!)
        }
        #expect(windows.count == 8)
        #expect(Set(windows.map(\.session)).count >= 2, "every test ran in one session: \(windows.map(\.session))")
        #expect(
            windows.allSatisfy {
                $0.session.hasSuffix("-w1") || $0.session.hasSuffix("-w2") || $0.session.hasSuffix("-w3") || $0.session.hasSuffix("-w4")
            })
        let overlapping = windows.contains { a in windows.contains { b in a.session != b.session && a.start < b.end && b.start < a.end } }
        #expect(overlapping, "no two tests ran at the same time")
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(run.reportDirectory)/logs").filter { $0.hasPrefix("worker-") }
        #expect(logs.count == 4)
    }

    @Test func testThatPassesOnARetryIsFlakyAndPassesTheRun() async throws {
        let run = try await planRun()
        for id in ["SchedulingFixtureTests.FlakyCases/testFailsTheFirstTime", "SchedulingFixtureTests.SwiftTestingFlaky/failsTheFirstTime()"] {
            let flaky = try result(id, in: run)
            #expect(flaky.outcome == .passed)
            #expect(flaky.isFlaky)
            #expect(flaky.previousAttempts.map(\.outcome) == [.failed])
            #expect(flaky.previousAttempts.first?.messages.first?.text.contains("fails on the first run only") == true)
        }
        let always = try result("SchedulingFixtureTests.FlakyCases/testAlwaysFails", in: run)
        #expect(always.outcome == .failed)
        #expect(always.previousAttempts.count == 2)
        #expect(always.primaryMessage?.text.contains("run 3") == true)
        #expect(run.process.stdout.contains("4 passed, 3 failed, 0 skipped (2 flaky)"))
    }

    @Test func hungTestIsKilledAtItsTimeoutAndTheRestStillRun() async throws {
        let run = try await planRun()
        #expect(run.process.status == 1)
        for id in ["SchedulingFixtureTests.HangingCases/testA_Hangs", "SchedulingFixtureTests.SwiftTestingHanging/a_hangs()"] {
            let hung = try result(id, in: run)
            #expect(hung.outcome == .error)
            #expect(hung.primaryMessage?.text.hasPrefix("\(id) did not finish within its timeout of 2s") == true)
            #expect(hung.duration < 30)
        }
        #expect(try result("SchedulingFixtureTests.HangingCases/testA_Hangs", in: run).output.contains("about to hang"))
        #expect(try result("SchedulingFixtureTests.HangingCases/testB_AfterTheHang", in: run).outcome == .passed)
        #expect(try result("SchedulingFixtureTests.SwiftTestingHanging/b_afterTheHang()", in: run).outcome == .passed)
    }
}

/// CI shards: each shard runs a part, `telltale merge` puts them back together.
@Suite(.tags(.large))
struct ShardMergeTests {
    @Test func shardRunsPlusMergeEqualAFullRunTestForTest() async throws {
        let full = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let fullRecord = try #require(full.record)
        var shardFolders: [String] = []
        for index in 1...3 {
            let run = try await FixtureRuns.shared.run(
                fixture: "MixedFixture",
                extraArguments: ["--shard", "\(index)/3", "--timings", "\(full.reportDirectory)/junit.xml"]
            )
            #expect(run.record?.shard == Shard(index: index, count: 3))
            #expect(run.process.stderr.contains("shard \(index)/3:"))
            shardFolders.append(run.reportDirectory)
        }
        let out = try TelltaleProcess.temporaryDirectory("merged")
        let merge = try await TelltaleProcess.run(["merge"] + shardFolders + ["--out", out])
        #expect(merge.status == 1, "stderr: \(merge.stderr)")
        #expect(merge.stdout.contains(MixedFixtureExpectations.closingLine))
        let merged = try RunRecordFile.read(path: "\(out)/run.json")
        func outcomes(_ record: RunRecord) -> [String: TestOutcome] {
            Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id.rawValue, $0.outcome) })
        }
        #expect(outcomes(merged) == outcomes(fullRecord))
        #expect(merged.totals == fullRecord.totals)

        let incomplete = try await TelltaleProcess.run(["merge", shardFolders[0], shardFolders[2], "--out", out])
        #expect(incomplete.status == 2)
        #expect(incomplete.stderr.contains("shards 2/3 are missing"))
    }

    /// A parallel GitLab job needs no `--shard`: `CI_NODE_INDEX`/`CI_NODE_TOTAL` choose it.
    @Test func gitLabsParallelJobVariablesChooseTheShard() async throws {
        let full = try #require(try await FixtureRuns.shared.run(fixture: "MixedFixture").record)
        let folder = try TelltaleProcess.temporaryDirectory("ci-shards")
        let shardFolders = (1...2).map { "\(folder)/shard\($0)" }
        let (shards, wrong) = try await FixtureRuns.shared.withBuilt(fixture: "MixedFixture") {
            var shards: [TelltaleProcess.Result] = []
            for (index, reports) in zip(1..., shardFolders) {
                shards.append(
                    try await TelltaleProcess.runProcess(
                        TelltaleProcess.executable(),
                        ["run", "--package", "Tests/Fixtures/MixedFixture", "--report-dir", reports, "--no-history", "--skip-build"],
                        in: TelltaleProcess.repositoryRoot, environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "2"]
                    ))
            }
            let wrong = try await TelltaleProcess.runProcess(
                TelltaleProcess.executable(), ["run", "--package", "Tests/Fixtures/MixedFixture", "--no-history", "--skip-build"],
                in: TelltaleProcess.repositoryRoot, environment: ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"]
            )
            return (shards, wrong)
        }
        for (index, (run, reports)) in zip(1..., zip(shards, shardFolders)) {
            #expect(run.stderr.contains("shard \(index)/2, from GitLab's CI_NODE_INDEX=\(index) of CI_NODE_TOTAL=2"), "\(run.stderr)")
            #expect(try RunRecordFile.read(path: "\(reports)/run.json").shard == Shard(index: index, count: 2))
        }
        let out = "\(folder)/merged"
        let merge = try await TelltaleProcess.run(["merge"] + shardFolders + ["--out", out])
        #expect(merge.status == 1, "stderr: \(merge.stderr)")
        let merged = try RunRecordFile.read(path: "\(out)/run.json")
        #expect(Set(merged.tests.map(\.id)) == Set(full.tests.map(\.id)))
        #expect(merged.totals == full.totals)

        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("GitLab's CI_NODE_INDEX=0 and CI_NODE_TOTAL=2 make no shard"), "\(wrong.stderr)")
    }
}
