import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

/// The shared history's reads and its coverage maps.
extension PostgresHistory {
    func runCount() async throws -> Int {
        try await single("SELECT count(*) FROM telltale.run", as: Int.self) ?? 0
    }

    func recentDurations(window: Int) async throws -> [String: [Double]] {
        // One indexed look-up per test (`result_by_test`): its own last results, whatever runs left it out.
        // Newest by `run_id`, the order runs were recorded in (an older run imported later counts as
        // recent), which the index holds each test's rows in; one row per test, its durations an array.
        try await call { connection in
            let rows = try await connection.query(
                """
                SELECT test.key, ARRAY(
                    SELECT result.duration FROM telltale.result
                    WHERE result.test_id = test.id AND result.outcome <> 'skipped'
                    ORDER BY result.run_id DESC LIMIT \(window))
                FROM telltale.test
                """, logger: PostgresConnector.quiet)
            var durations: [String: [Double]] = [:]
            for try await (key, values) in rows.decode((String, [Double]).self) { durations[key] = values }
            return durations
        }
    }

    func testsThatPassed() async throws -> Set<String> {
        // EXISTS stops at each test's first passing result, among its own rows in `result_by_test`.
        try await Set(
            strings(
                """
                SELECT test.key FROM telltale.test
                WHERE EXISTS (SELECT 1 FROM telltale.result WHERE result.test_id = test.id AND result.outcome = 'passed')
                """))
    }

    func failuresOfLastRun() async throws -> [String] {
        // The last run by start time, as every list of runs orders them (`run_by_time`); the id breaks a tie.
        try await strings(
            """
            SELECT test.key FROM telltale.result JOIN telltale.test ON test.id = result.test_id
            WHERE result.outcome IN ('failed', 'error')
              AND result.run_id = (SELECT id FROM telltale.run ORDER BY started_at DESC, id DESC LIMIT 1)
            """)
    }

    func recentRuns(limit: Int) async throws -> [HistoryStore.ListedRun] {
        try await snapshot { connection in try await Self.recentRuns(connection, limit: limit) }
    }

    func window(runs: Int) async throws -> (runs: [HistoryRunPoint], results: [WindowResult]) {
        // One snapshot for both queries: the runs listed are exactly those whose results come back.
        try await snapshot { connection in
            (try await Self.recentRuns(connection, limit: runs).map(\.point), try await Self.windowResults(connection, runs: runs))
        }
    }

    /// The columns `listedRuns` reads.
    static let runColumns = """
        started_at, git_commit, git_branch, tests, passed, failed, duration, covered_lines, coverable_lines,
        id, host, seed, repetitions, until_failure
        """

    private static func recentRuns(_ connection: PostgresConnection, limit: Int) async throws -> [HistoryStore.ListedRun] {
        let rows = try await connection.query(
            "SELECT \(unescaped: runColumns) FROM telltale.run ORDER BY started_at DESC, id DESC LIMIT \(limit)",
            logger: PostgresConnector.quiet)
        return Array(try await listedRuns(rows).reversed())
    }

    static func listedRuns(_ rows: PostgresRowSequence) async throws -> [HistoryStore.ListedRun] {
        // Decoded in `runColumns`' order; a column that may be NULL as an optional.
        var runs: [HistoryStore.ListedRun] = []
        for try await row in rows.decode(
            (Date, String?, String?, Int, Int, Int, Double, Int?, Int?, Int64, String?, Int?, Int?, Bool?).self)
        {
            let (startedAt, commit, branch, tests, passed, failed, duration, covered, coverable, id, host, seed, repetitions, untilFailure) =
                row
            let point = HistoryRunPoint(
                startedAt: startedAt, commit: commit, branch: branch, tests: tests, passed: passed, failed: failed, duration: duration,
                coverage: covered.flatMap { covered in coverable.map { CoverageCount(covered: covered, total: $0) } })
            runs.append(
                HistoryStore.ListedRun(id: id, point: point, host: host, seed: seed, repetitions: repetitions, untilFailure: untilFailure))
        }
        return runs
    }

    func storedRun(id: Int64) async throws -> (run: HistoryStore.ListedRun, results: [StoredResult])? {
        try await snapshot { connection in
            let rows = try await connection.query(
                "SELECT \(unescaped: Self.runColumns) FROM telltale.run WHERE id = \(id)", logger: PostgresConnector.quiet)
            guard let run = try await Self.listedRuns(rows).first else { return nil }
            // The run's own id: a run outside every window is found too.
            return (run, try await Self.storedResults(connection, where: "run.id = \(id)"))
        }
    }

    func storedResults(keys: [String], runs: Int) async throws -> [StoredResult] {
        guard !keys.isEmpty else { return [] }
        return try await snapshot { connection in
            // `= ANY($n)`: the keys travel as one array parameter, however many there are.
            try await Self.storedResults(
                connection,
                where: """
                    run.id IN (SELECT id FROM telltale.run ORDER BY started_at DESC, id DESC LIMIT \(runs))
                    AND test.key = ANY(\(keys))
                    """)
        }
    }

    /// Every column of the results `condition` selects (over `run`, `result`, `test`), oldest run first.
    static func storedResults(_ connection: PostgresConnection, where condition: PostgresQuery) async throws -> [StoredResult] {
        let select = """
            SELECT run.id, run.host, test.key, test.full_id, result.outcome, result.duration, result.attempt_outcomes,
                   result.attempt_durations, result.worker, result.placements, result.order_dependency, result.flaky_cause,
                   result.flaky_evidence
            FROM telltale.result JOIN telltale.run ON run.id = result.run_id JOIN telltale.test ON test.id = result.test_id
            """
        // `condition` keeps its own binds: the SELECT around it adds none, so its `$1`, `$2`, … stay right.
        let query = PostgresQuery(
            unsafeSQL: "\(select) WHERE \(condition.sql) ORDER BY run.started_at, run.id", binds: condition.binds)
        let rows = try await connection.query(query, logger: PostgresConnector.quiet)
        var results: [StoredResult] = []
        for try await row in rows.decode(
            (Int64, String?, String, String, String, Double, String?, String?, Int?, String?, String?, String?, String?).self)
        {
            let (runID, host, key, testID, outcome, duration, outcomes, durations, worker, placements, dependency, cause, evidence) = row
            results.append(
                StoredResult(
                    runID: runID, host: host, key: key, testID: testID, outcome: outcome, duration: duration, attemptOutcomes: outcomes,
                    attemptDurations: durations, worker: worker, placements: placements, orderDependency: dependency, flakyCause: cause,
                    flakyEvidence: evidence))
        }
        return results
    }

    /// Results of the last `runs` runs, oldest run first. One row per test, its results as
    /// arrays (`array_agg`): a window of 30 runs × 1,000 tests is 1,000 rows, not 30,000, which
    /// both the wire and the decoding feel; the runs' commits come once, in their own query.
    private static func windowResults(_ connection: PostgresConnection, runs: Int) async throws -> [WindowResult] {
        // A dirty run's commit reads as NULL: its failures are not compared with the commit's passes.
        let recent = try await connection.query(
            """
            SELECT id, CASE WHEN dirty THEN NULL ELSE git_commit END
            FROM telltale.run ORDER BY started_at DESC, id DESC LIMIT \(runs)
            """, logger: PostgresConnector.quiet)
        var newestFirst: [(id: Int64, commit: String?)] = []
        for try await (id, commit) in recent.decode((Int64, String?).self) { newestFirst.append((id, commit)) }
        let window = Array(newestFirst.reversed())
        // Each run's place in the window: the results come grouped by test, and go back in run order.
        var position: [Int64: Int] = [:]
        for (index, run) in window.enumerated() { position[run.id] = index }
        let rows = try await connection.query(
            """
            SELECT test.key, test.full_id, array_agg(result.run_id), array_agg(result.outcome), array_agg(result.duration),
                   array_agg(coalesce(result.attempt_outcomes, '')),
                   array_agg(coalesce(result.order_dependency LIKE \(WindowResult.foundDependency), false))
            FROM telltale.result JOIN telltale.test ON test.id = result.test_id
            WHERE result.run_id = ANY(\(window.map(\.id)))
            GROUP BY test.id
            """, logger: PostgresConnector.quiet)
        var byRun = Array(repeating: [WindowResult](), count: window.count)
        // Index i of every array is one result: the aggregates of one group read its rows in one order.
        // A run that did not run the test has no entry in its arrays.
        for try await (key, testID, runIDs, outcomes, durations, attempts, dependent) in rows.decode(
            (String, String, [Int64], [String], [Double], [String], [Bool]).self)
        {
            for (index, runID) in runIDs.enumerated() {
                guard let run = position[runID] else { continue }
                byRun[run].append(
                    WindowResult(
                        key: key, testID: testID, outcome: outcomes[index], duration: durations[index],
                        attempts: attempts[index].isEmpty ? nil : attempts[index], commit: window[run].commit,
                        orderDependent: dependent[index]))
            }
        }
        return byRun.flatMap { $0 }
    }

    func saveCoverageMap(_ map: RecordedCoverageMap, keep: Int) async throws -> Bool {
        let data = ByteBuffer(bytes: map.data)
        return try await transaction { connection in
            // `ON CONFLICT (digest)`: the same map saved by two machines at once is kept once; the
            // `RETURNING` row says whether this call added it.
            let inserted = try await connection.query(
                """
                INSERT INTO telltale.coverage_map (recorded_at, git_commit, tests, data, digest)
                VALUES (\(map.recordedAt), \(map.commit), \(map.tests), \(data), \(map.digest))
                ON CONFLICT (digest) DO NOTHING
                RETURNING id
                """, logger: PostgresConnector.quiet)
            guard try await !inserted.collect().isEmpty else { return false }
            // The newest `keep` by recording time stay: an imported map older than all of them goes at once.
            try await connection.query(
                """
                DELETE FROM telltale.coverage_map WHERE id NOT IN
                    (SELECT id FROM telltale.coverage_map ORDER BY recorded_at DESC, id DESC LIMIT \(keep))
                """, logger: PostgresConnector.quiet)
            return true
        }
    }

    func coverageMapCount() async throws -> Int {
        try await single("SELECT count(*) FROM telltale.coverage_map", as: Int.self) ?? 0
    }

    func latestCoverageMap() async throws -> HistoryStore.StoredCoverageMap? {
        try await call { connection in
            let rows = try await connection.query(
                "SELECT recorded_at, git_commit, tests, data FROM telltale.coverage_map ORDER BY recorded_at DESC, id DESC LIMIT 1",
                logger: PostgresConnector.quiet)
            var latest: HistoryStore.StoredCoverageMap?
            for try await (recordedAt, commit, tests, data) in rows.decode((Date, String?, Int, Data).self) {
                latest = HistoryStore.StoredCoverageMap(recordedAt: recordedAt, commit: commit, tests: tests, data: data)
            }
            return latest
        }
    }

    /// The first value a one-column query returns, on a pooled connection within the deadline; nil for no row.
    private func single<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type) async throws -> T? {
        try await call { connection in
            var first: T?
            for try await value in try await connection.query(query, logger: PostgresConnector.quiet).decode(T.self) where first == nil {
                first = value
            }
            return first
        }
    }

    /// Every value a one-column text query returns.
    private func strings(_ query: PostgresQuery) async throws -> [String] {
        try await call { connection in
            var values: [String] = []
            for try await value in try await connection.query(query, logger: PostgresConnector.quiet).decode(String.self) { values.append(value) }
            return values
        }
    }
}
