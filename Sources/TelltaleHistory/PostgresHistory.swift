import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

/// The history in a PostgreSQL database a team's machines share (`--history postgres://…`),
/// through a pooled client that `HistoryStore.withStore` runs for as long as it is used.
///
/// Concurrent writers never lose a run: each run is one transaction; its row is known by its
/// fingerprint (`ON CONFLICT DO NOTHING`, so the same run sent twice is kept once); its tests
/// are inserted by key in key order, those already known skipped first (`ON CONFLICT DO
/// NOTHING`, so writers sharing new tests wait for each other in one order rather than
/// deadlock), and their results joined to them by key;
/// a transaction the server still rolls back (a deadlock, a serialization failure) runs again.
///
/// Every call is given up after `callTimeout` (the queue's deadline, `PostgresConnector`), and
/// once one was (or its server could not be reached), every later call fails at once
/// (`HistoryStall`): a run asks the history a few things and records itself, and a stalled or
/// lost server must cost it one deadline, not one a call.
final class PostgresHistory: HistoryBackend {
    let client: PostgresClient
    let location: PostgresLocation
    let callTimeout: Duration
    /// The first call given up, shared by every later call of this store.
    let stall = HistoryStall()

    init(client: PostgresClient, location: PostgresLocation, callTimeout: Duration = PostgresConnector.defaultCallTimeout) {
        self.client = client
        self.location = location
        self.callTimeout = callTimeout
    }

    func insert(_ run: RecordedRun) async throws -> Bool {
        let rows = ResultColumns(run.results)
        return try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO telltale.run (started_at, duration, git_commit, git_branch, dirty, host, plan, shard, source, fingerprint,
                                          tests, passed, failed, skipped, covered_lines, coverable_lines, seed, repetitions, until_failure)
                VALUES (\(run.startedAt), \(run.duration), \(run.commit), \(run.branch), \(run.dirty), \(run.host), \(run.plan),
                        \(run.shard), \(run.source.rawValue), \(run.fingerprint), \(run.tests), \(run.passed), \(run.failed),
                        \(run.skipped), \(run.coveredLines), \(run.coverableLines), \(run.seed), \(run.repetitions), \(run.untilFailure))
                ON CONFLICT (fingerprint) DO NOTHING
                RETURNING id
                """, logger: PostgresConnector.quiet)
            // `RETURNING id` yields no row when the fingerprint was already kept: the run is not added again.
            var runID: Int64?
            for try await id in inserted.decode(Int64.self) { runID = id }
            guard let runID else { return false }
            // Known tests are left out first (an anti-join on `test`'s unique key): `ON CONFLICT` alone
            // would still try each of a large run's rows, drawing an identity value for each. It is still
            // needed: NOT EXISTS cannot see a test another writer inserted and has not committed, and the
            // insert waits for that writer, then skips the row; in key order such waits never form a circle.
            try await connection.query(
                """
                INSERT INTO telltale.test (key, suite, full_id)
                SELECT r.key, r.suite, r.full_id FROM unnest(\(rows.keys)::text[], \(rows.suites)::text[], \(rows.testIDs)::text[])
                    AS r(key, suite, full_id)
                WHERE NOT EXISTS (SELECT 1 FROM telltale.test WHERE test.key = r.key)
                ORDER BY r.key
                ON CONFLICT (key) DO NOTHING
                """, logger: PostgresConnector.quiet)
            // JUnit imports know only the key; a run's own record knows the full id.
            // At READ COMMITTED, PostgreSQL's default, each statement reads anew: the result insert below
            // sees the tests another writer committed while the test insert above waited for it.
            if run.source == .run {
                try await connection.query(
                    """
                    UPDATE telltale.test SET full_id = r.full_id
                    FROM unnest(\(rows.keys)::text[], \(rows.testIDs)::text[]) AS r(key, full_id)
                    WHERE test.key = r.key AND test.full_id <> r.full_id
                    """, logger: PostgresConnector.quiet)
            }
            try await connection.query(
                """
                INSERT INTO telltale.result (run_id, test_id, outcome, duration, attempt_outcomes, attempt_durations, worker, quarantined,
                                             placements, order_dependency, flaky_cause, flaky_evidence)
                SELECT \(runID), test.id, r.outcome, r.duration, NULLIF(r.attempt_outcomes, ''), NULLIF(r.attempt_durations, ''),
                       NULLIF(r.worker, -1)::integer, r.quarantined, NULLIF(r.placements, ''), NULLIF(r.order_dependency, ''),
                       NULLIF(r.flaky_cause, ''), NULLIF(r.flaky_evidence, '')
                FROM unnest(\(rows.keys)::text[], \(rows.outcomes)::text[], \(rows.durations)::double precision[],
                            \(rows.attemptOutcomes)::text[], \(rows.attemptDurations)::text[], \(rows.workers)::bigint[],
                            \(rows.quarantined)::boolean[], \(rows.placements)::text[], \(rows.orderDependencies)::text[],
                            \(rows.flakyCauses)::text[], \(rows.flakyEvidence)::text[])
                    AS r(key, outcome, duration, attempt_outcomes, attempt_durations, worker, quarantined,
                         placements, order_dependency, flaky_cause, flaky_evidence)
                JOIN telltale.test ON test.key = r.key
                """, logger: PostgresConnector.quiet)
            return true
        }
    }

    /// A run's results as one array per column: every test in one statement (`unnest`), each
    /// array sent in PostgreSQL's binary form. postgres-nio's arrays hold no NULL, so a missing
    /// value travels as one no real value has (`NULLIF` turns it back): no attempts, placements,
    /// order dependency or cause as `''` (none is ever empty), no worker as -1 (workers count from 1).
    struct ResultColumns {
        var keys: [String] = []
        var suites: [String] = []
        var testIDs: [String] = []
        var outcomes: [String] = []
        var durations: [Double] = []
        var attemptOutcomes: [String] = []
        var attemptDurations: [String] = []
        var workers: [Int] = []
        var quarantined: [Bool] = []
        var placements: [String] = []
        var orderDependencies: [String] = []
        var flakyCauses: [String] = []
        var flakyEvidence: [String] = []

        init(_ results: [RecordedRun.Result]) {
            for result in results {
                keys.append(result.key)
                suites.append(result.suite)
                testIDs.append(result.testID)
                outcomes.append(result.outcome)
                durations.append(result.duration)
                attemptOutcomes.append(result.attemptOutcomes ?? "")
                attemptDurations.append(result.attemptDurations ?? "")
                workers.append(result.worker ?? -1)
                quarantined.append(result.quarantined)
                placements.append(result.placements ?? "")
                orderDependencies.append(result.orderDependency ?? "")
                flakyCauses.append(result.flakyCause ?? "")
                flakyEvidence.append(result.flakyEvidence ?? "")
            }
        }
    }

    /// `body` in one transaction (run again when the server rolled it back for a conflict),
    /// within the deadline.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await guarded { [client, location, callTimeout] () async throws(PostgresConnectionError) -> T in
            try await PostgresConnector.transaction(on: client, at: location, within: callTimeout, body)
        }
    }

    /// `body`'s statements on a pooled connection, outside a transaction, within the deadline.
    func call<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await guarded { [client, location, callTimeout] () async throws(PostgresConnectionError) -> T in
            try await PostgresConnector.withConnection(from: client, at: location, within: callTimeout, body)
        }
    }

    /// `body` in one read-only transaction that sees one moment of the database throughout.
    func snapshot<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        // REPEATABLE READ: every query of `body` reads the same snapshot, so a run recorded meanwhile
        // is in none of them rather than in some. READ ONLY: a read that tries to write is refused.
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: PostgresConnector.quiet)
            return try await body(connection)
        }
    }

    /// `work`, unless an earlier call was given up; a call given up now, or one whose server
    /// could not be reached (the pool keeps trying for a minute: each call would wait that), is
    /// remembered. A statement the server refused is not: the history still answers.
    private func guarded<T: Sendable>(_ work: () async throws(PostgresConnectionError) -> T) async throws -> T {
        if let first = await stall.first { throw HistoryError.stalledEarlier(first) }
        do {
            return try await work()
        } catch {
            guard error.stalled || error.kind == .unreachable else { throw error }
            var explained = Self.historyError(error, at: location)
            explained.stall = .thisCall
            await stall.record(explained)
            throw explained
        }
    }

    func historyError(_ error: any Error) -> HistoryError { Self.historyError(error, at: location) }

    static func historyError(_ error: any Error, at location: PostgresLocation) -> HistoryError {
        if let error = error as? HistoryError { return error }
        let explained = PostgresConnectionError(error, at: location)
        // A stall's hint is about the deadline: the server's own hint (a password, a database) does not apply.
        if explained.stalled {
            var stalled = HistoryError(
                location: explained.location, reason: explained.reason,
                hint: "the server or the network stalled: the call was given up (--postgres-timeout sets how long a call may take)")
            stalled.stall = .thisCall
            return stalled
        }
        return HistoryError(
            location: explained.location, reason: explained.reason, hint: (explained.hint.map { "\($0), " } ?? "") + "or pass --no-history")
    }
}

/// The first call to a PostgreSQL history that was given up: after it, the history is not asked
/// again (each call would wait out its own deadline).
actor HistoryStall {
    private(set) var first: HistoryError?

    func record(_ error: HistoryError) {
        if first == nil { first = error }
    }
}
