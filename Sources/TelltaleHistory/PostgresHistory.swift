import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

/// The history in a PostgreSQL database a team's machines share (`--history postgres://…`),
/// through a pooled client that `HistoryStore.withStore` runs for as long as it is used.
///
/// Concurrent writers never lose a run: each run is one transaction; its row is known by its
/// fingerprint (`ON CONFLICT DO NOTHING`, so the same run sent twice is kept once); its tests
/// are inserted by key in key order (`ON CONFLICT DO NOTHING`, so writers sharing tests wait
/// for each other in one order rather than deadlock) and their results joined to them by key;
/// a transaction the server still rolls back (a deadlock, a serialization failure) runs again.
final class PostgresHistory: HistoryBackend {
    let client: PostgresClient
    let location: PostgresLocation

    init(client: PostgresClient, location: PostgresLocation) {
        self.client = client
        self.location = location
    }

    /// The results travel as one JSON document (`jsonb_to_recordset`): one statement for all
    /// of a run's tests, and missing keys (a test run once has no attempts) read as NULL.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    func insert(_ run: RecordedRun) async throws -> Bool {
        let rows = String(decoding: try Self.encoder.encode(run.results), as: UTF8.self)
        return try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO telltale.run (started_at, duration, git_commit, git_branch, dirty, host, plan, shard, source, fingerprint,
                                          tests, passed, failed, skipped, covered_lines, coverable_lines)
                VALUES (\(run.startedAt), \(run.duration), \(run.commit), \(run.branch), \(run.dirty), \(run.host), \(run.plan),
                        \(run.shard), \(run.source.rawValue), \(run.fingerprint), \(run.tests), \(run.passed), \(run.failed),
                        \(run.skipped), \(run.coveredLines), \(run.coverableLines))
                ON CONFLICT (fingerprint) DO NOTHING
                RETURNING id
                """, logger: PostgresConnector.quiet)
            var runID: Int64?
            for try await id in inserted.decode(Int64.self) { runID = id }
            guard let runID else { return false }
            try await connection.query(
                """
                INSERT INTO telltale.test (key, suite, full_id)
                SELECT key, suite, test_id FROM jsonb_to_recordset(\(rows)::jsonb) AS r(key text, suite text, test_id text)
                ORDER BY key
                ON CONFLICT (key) DO NOTHING
                """, logger: PostgresConnector.quiet)
            // JUnit imports know only the key; a run's own record knows the full id.
            if run.source == .run {
                try await connection.query(
                    """
                    UPDATE telltale.test SET full_id = r.test_id
                    FROM jsonb_to_recordset(\(rows)::jsonb) AS r(key text, test_id text)
                    WHERE test.key = r.key AND test.full_id <> r.test_id
                    """, logger: PostgresConnector.quiet)
            }
            try await connection.query(
                """
                INSERT INTO telltale.result (run_id, test_id, outcome, duration, attempt_outcomes, attempt_durations, worker, quarantined)
                SELECT \(runID), test.id, r.outcome, r.duration, r.attempt_outcomes, r.attempt_durations, r.worker, r.quarantined
                FROM jsonb_to_recordset(\(rows)::jsonb)
                    AS r(key text, outcome text, duration double precision, attempt_outcomes text, attempt_durations text,
                         worker integer, quarantined boolean)
                JOIN telltale.test ON test.key = r.key
                """, logger: PostgresConnector.quiet)
            return true
        }
    }

    /// `body` in one transaction (run again when the server rolled it back for a conflict).
    func transaction<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await PostgresConnector.transaction(on: client, at: location, body)
    }

    /// `body` in one read-only transaction that sees one moment of the database throughout.
    func snapshot<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: PostgresConnector.quiet)
            return try await body(connection)
        }
    }

    func historyError(_ error: any Error) -> HistoryError { Self.historyError(error, at: location) }

    static func historyError(_ error: any Error, at location: PostgresLocation) -> HistoryError {
        if let error = error as? HistoryError { return error }
        let explained = PostgresConnectionError(error, at: location)
        return HistoryError(
            location: explained.location, reason: explained.reason, hint: (explained.hint.map { "\($0), " } ?? "") + "or pass --no-history")
    }
}
