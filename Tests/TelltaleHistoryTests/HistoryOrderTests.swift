import Foundation
import GRDB
import TelltaleModel
import TelltalePostgres
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// What the history keeps of order and flakiness (where each attempt ran, the run's seed and
/// repetitions, order dependencies and causes), the flaky tests grouped by cause across runs,
/// and an older history migrating forward: against both stores.
@Suite(.tags(.medium))
struct HistoryOrderTests {
    static let polluter = TestID("M.S/testPolluter")

    /// A run on `host`, as `HistoryStoreTests.run` makes them.
    static func run(_ number: Int, host: String = "host", order: RunOrder? = nil, _ tests: [TestResult]) -> RunRecord {
        var record = HistoryStoreTests.run(number, tests)
        record.environment.host = host
        record.order = order
        return record
    }

    /// A test that ran at `position` of process `p<number>` and, when `retriedFrom` says, ran
    /// first with that outcome after `before` duration.
    static func test(
        _ id: String, _ outcome: TestOutcome = .passed, _ duration: Double = 1, run number: Int = 1, position: Int = 2,
        retriedFrom: TestOutcome? = nil, firstDuration: Double? = nil, worker: Int = 1
    ) -> TestResult {
        var result = TestResult(
            id: TestID(id), framework: .xctest, outcome: outcome, duration: duration, worker: worker,
            placement: TestPlacement(process: "s/p\(number)", position: retriedFrom == nil ? position : 0, worker: worker, seed: 48213))
        if let retriedFrom {
            result.placement?.process = "s/p\(number)r"
            result.previousAttempts = [
                TestAttempt(
                    outcome: retriedFrom, duration: firstDuration ?? duration,
                    placement: TestPlacement(process: "s/p\(number)", position: position, worker: worker, seed: 48213))
            ]
        }
        return result
    }

    @Test(arguments: HistoryStoreKind.allCases)
    func eachAttemptsPlacementTheRunsOrderAndTheFindingsComeBackWithTheRun(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore("order") { store throws in
            var victim = Self.test("M.S/testVictim", run: 1, position: 3, retriedFrom: .failed)
            victim.previousAttempts[0].repetition = 1
            victim.repetition = 2
            victim.orderDependency = OrderDependency(
                kind: .victim, verdict: .found, tests: [Self.polluter], process: "s/p1", predecessors: 3, runs: 4, seconds: 1.5,
                reproduce: "telltale run --filter '^M\\.S/testVictim$' --workers 1")
            victim.flakyCause = FlakyCause(kind: .orderDependent, evidence: victim.orderDependency!.summary)
            let polluter = Self.test(Self.polluter.rawValue, run: 1, position: 0)
            let imported = HistoryStoreTests.test("M.S/testOld")
            try await store.record(Self.run(1, order: RunOrder(seed: 48213, repetitions: 2), [victim, polluter]))
            try await store.record(Self.run(2, [imported]), source: .import)

            let listed = try await store.listedRuns()
            #expect(listed.map(\.order) == [RunOrder(seed: 48213, repetitions: 2), nil])
            #expect(listed.map(\.host) == ["host", "host"])
            let stored = try #require(try await store.storedRun(id: listed[0].id))
            #expect(stored.hasOrder)
            let read = Dictionary(uniqueKeysWithValues: stored.results.map { ($0.id, $0) })
            let readVictim = try #require(read[victim.id])
            #expect(readVictim.allAttempts.map(\.placement) == victim.allAttempts.map(\.placement))
            #expect(readVictim.allAttempts.map(\.repetition) == [1, 2])
            #expect(readVictim.allAttempts.map(\.outcome) == [.failed, .passed])
            #expect(readVictim.orderDependency == victim.orderDependency)
            #expect(readVictim.flakyCause == victim.flakyCause)
            #expect(read[polluter.id]?.placement == polluter.placement)
            // The processes as the bisection reads them.
            #expect(ProcessOrder(stored.results).predecessors(in: "s/p1", before: 3) == [Self.polluter])

            let old = try #require(try await store.storedRun(id: listed[1].id))
            #expect(!old.hasOrder && old.results.map(\.id) == [imported.id])
            #expect(try await store.storedRun(id: listed[1].id + 100) == nil)
        }
    }

    /// Twenty runs on two machines: a victim bisected in one of them, a test failing only when
    /// slow, one failing only on `ci-2`, one failing at random on both; each flaky test gets the
    /// cause its attempts across all the runs show, and the groups come in order of evidence.
    @Test(arguments: HistoryStoreKind.allCases)
    func flakyTestsAreGroupedByTheirCauseAcrossRuns(kind: HistoryStoreKind) async throws {
        try await kind.withFreshStore("causes") { store throws in
            var last: RunRecord?
            for number in 1...20 {
                let host = number % 2 == 0 ? "ci-2" : "ci-1"
                var victim = Self.test("M.S/testVictim", run: number, position: 3, retriedFrom: number == 5 || number == 6 ? .failed : nil)
                if number == 6 {
                    victim.orderDependency = OrderDependency(
                        kind: .victim, verdict: .found, tests: [Self.polluter], process: "s/p6", predecessors: 3, runs: 4, seconds: 1,
                        reproduce: "telltale run --filter '^M\\.S/testPolluter$' --filter '^M\\.S/testVictim$' --workers 1")
                }
                let tests = [
                    victim,
                    Self.test(Self.polluter.rawValue, run: number, position: 0),
                    Self.test("M.S/testSlow", .passed, 0.1, run: number, retriedFrom: number <= 3 ? .failed : nil, firstDuration: 2),
                    Self.test("M.S/testOnCI2", run: number, retriedFrom: number % 2 == 0 ? .failed : nil),
                    Self.test("M.S/testRandom", run: number, retriedFrom: [1, 4, 7, 10].contains(number) ? .failed : nil),
                    Self.test("M.S/testSteady", run: number),
                ]
                let record = Self.run(number, host: host, order: RunOrder(seed: 48213 + number), tests)
                try await store.record(record)
                last = record
            }
            let scores = try await store.flakyScores()
            let groups = FlakyScore.byCause(scores)
            #expect(groups.map(\.kind) == [.orderDependent, .slowWhenFailing, .machineSpecific, .unexplained])
            #expect(groups.map { $0.scores.map(\.testID) } == [["M.S/testVictim"], ["M.S/testSlow"], ["M.S/testOnCI2"], ["M.S/testRandom"]])
            let victim = try #require(scores.first { $0.testID == "M.S/testVictim" })
            #expect(victim.orderDependency?.tests == [Self.polluter])
            #expect(victim.cause?.evidence.contains("fails after M.S/testPolluter") == true, "\(String(describing: victim.cause))")
            #expect(victim.orderDependency?.reproduce?.contains("testPolluter") == true)
            let onCI2 = try #require(scores.first { $0.testID == "M.S/testOnCI2" })
            #expect(onCI2.cause?.evidence == "failed 10 of 20 runs on machine ci-2, passed 10 on the others")

            // The report's digest carries the same causes.
            let digest = try await store.digest(for: try #require(last))
            #expect(digest.tests["M.S/testOnCI2"]?.flakyCause?.kind == .machineSpecific)
            #expect(digest.tests["M.S/testSlow"]?.flakyCause?.kind == .slowWhenFailing)
            #expect(digest.tests["M.S/testSteady"]?.flakyCause == nil)
        }
    }

    /// A history written by the schema before this one (SQLite's v3, PostgreSQL's 1) opens,
    /// migrates forward keeping its runs, reads as having no order, and records a new run whole.
    @Test(arguments: HistoryStoreKind.allCases)
    func aHistoryOfThePreviousSchemaMigratesForwardKeepingItsRuns(kind: HistoryStoreKind) async throws {
        let location = try await kind.freshLocation("previous")
        defer { HistoryStoreKind.remove(location) }
        let oldRun = """
            INSERT INTO RUN_TABLE (COLUMNS) VALUES (STARTED, 5, 'c0ffee', 'main', FALSE, 'ci-1', 'plan', NULL, 'run', 'old|1', 1, 0, 1, 0);
            INSERT INTO TEST_TABLE (key, suite, ID_COLUMN) VALUES ('M.S/testOld', 'M.S', 'M.S/testOld');
            INSERT INTO RESULT_TABLE VALUES (1, 1, 'passed', 0.5, 'failed,passed', '0.5,0.5', 1, FALSE);
            """
        switch location {
        case .file(let path):
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try SQLiteHistorySchema.migrator.migrate(queue, upTo: "v3: coverage maps")
            try await queue.write { db in
                try db.execute(
                    sql: oldRun.replacingOccurrences(of: "RUN_TABLE", with: "run").replacingOccurrences(of: "TEST_TABLE", with: "test")
                        .replacingOccurrences(of: "RESULT_TABLE", with: "result").replacingOccurrences(of: "ID_COLUMN", with: "testID")
                        .replacingOccurrences(
                            of: "COLUMNS",
                            with:
                                "startedAt, duration, gitCommit, gitBranch, dirty, host, plan, shard, source, fingerprint, tests, passed, failed, skipped"
                        )
                        .replacingOccurrences(of: "STARTED", with: "1790000000"))
            }
            try queue.close()
        case .postgres(let database):
            let previous = PostgresMigrator(component: "history", migrations: Array(PostgresHistorySchema.migrator.migrations.prefix(1)))
            #expect(try await PostgresConnector.withConnection(to: database) { try await previous.migrate($0) } == [1])
            _ = try await PostgresCluster.shared.sql(
                oldRun.replacingOccurrences(of: "RUN_TABLE", with: "telltale.run").replacingOccurrences(of: "TEST_TABLE", with: "telltale.test")
                    .replacingOccurrences(of: "RESULT_TABLE", with: "telltale.result").replacingOccurrences(of: "ID_COLUMN", with: "full_id")
                    .replacingOccurrences(
                        of: "COLUMNS",
                        with:
                            "started_at, duration, git_commit, git_branch, dirty, host, plan, shard, source, fingerprint, tests, passed, failed, skipped"
                    )
                    .replacingOccurrences(of: "STARTED", with: "to_timestamp(1790000000)")
                    .replacingOccurrences(of: "VALUES (1, 1,", with: "VALUES ((SELECT id FROM telltale.run), (SELECT id FROM telltale.test),"),
                in: database.database)
        }
        try await HistoryStoreKind.withStore(at: location) { store throws in
            #expect(try await store.runCount() == 1)
            #expect(try await store.flakyScores().map(\.testID) == ["M.S/testOld"])
            let old = try #require(try await store.listedRuns().first)
            #expect(old.order == nil && old.host == "ci-1")
            let stored = try #require(try await store.storedRun(id: old.id))
            #expect(!stored.hasOrder && stored.results.first?.allAttempts.map(\.outcome) == [.failed, .passed])

            try await store.record(Self.run(2, order: RunOrder(seed: 7), [Self.test("M.S/testOld", run: 2, position: 1)]))
            let listed = try await store.listedRuns()
            #expect(listed.map(\.order) == [nil, RunOrder(seed: 7)])
            #expect(try await store.storedRun(id: listed[1].id)?.results.first?.placement?.process == "s/p2")
        }
    }
}
