import Foundation
import GRDB
import TelltaleModel

/// The SQLite history's reads and its coverage maps.
extension SQLiteHistory {
    func runCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run") ?? 0 }
    }

    func recentDurations(window: Int) async throws -> [String: [Double]] {
        try await read { db in
            // Each test's key by its row id, so the durations come back keyed as scheduling reads them.
            var keys: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, key FROM test") { keys[row[0]] = row[1] }
            // One indexed look-up per test: its own last results, whatever runs left it out.
            // Newest by `runId`, the order runs were recorded in (an older run imported later counts as
            // recent), which `result_by_test` (testId, runId) holds each test's rows in.
            let statement = try db.makeStatement(
                sql: "SELECT duration FROM result WHERE testId = ? AND outcome != 'skipped' ORDER BY runId DESC LIMIT ?"
            )
            var durations: [String: [Double]] = [:]
            for (id, key) in keys { durations[key] = try Double.fetchAll(statement, arguments: [id, window]) }
            return durations
        }
    }

    func testsThatPassed() async throws -> Set<String> {
        // EXISTS stops at each test's first passing result, among its own rows in `result_by_test`.
        try await read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT test.key FROM test
                        WHERE EXISTS (SELECT 1 FROM result WHERE result.testId = test.id AND result.outcome = 'passed')
                        """
                ))
        }
    }

    func failuresOfLastRun() async throws -> [String] {
        // The last run by start time, as every list of runs orders them (`run_by_time`); the id breaks a tie.
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT test.key FROM result JOIN test ON test.id = result.testId
                    WHERE result.outcome IN ('failed', 'error')
                      AND result.runId = (SELECT id FROM run ORDER BY startedAt DESC, id DESC LIMIT 1)
                    """
            )
        }
    }

    func recentRuns(limit: Int) async throws -> [HistoryStore.ListedRun] {
        // `1`: every run. `runs` takes a condition so that the baseline's look-up can share it.
        try await read { db in try Self.runs(db, where: "1", arguments: [], limit: limit) }
    }

    func window(runs: Int) async throws -> (runs: [HistoryRunPoint], results: [WindowResult]) {
        try await read { db in (try Self.runs(db, where: "1", arguments: [], limit: runs).map(\.point), try Self.windowResults(db, runs: runs)) }
    }

    /// Runs matching `condition`, the newest `limit`, oldest first.
    /// Read newest first, so that LIMIT keeps the newest, then turned oldest first, as the trends draw them.
    static func runs(
        _ db: Database, where condition: String, arguments: StatementArguments, limit: Int
    ) throws
        -> [HistoryStore.ListedRun]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT startedAt, gitCommit, gitBranch, tests, passed, failed, duration, coveredLines, coverableLines,
                       id, host, seed, repetitions, untilFailure FROM run
                WHERE \(condition) ORDER BY startedAt DESC, id DESC LIMIT ?
                """,
            arguments: arguments + StatementArguments([limit])
        )
        .reversed()
        .map { row in
            // Both counts or neither: a run that measured no coverage has NULL in both.
            let covered: Int? = row[7]
            let coverable: Int? = row[8]
            let point = HistoryRunPoint(
                startedAt: Date(timeIntervalSince1970: row[0]), commit: row[1], branch: row[2], tests: row[3], passed: row[4],
                failed: row[5], duration: row[6],
                coverage: covered.flatMap { covered in coverable.map { CoverageCount(covered: covered, total: $0) } }
            )
            return HistoryStore.ListedRun(id: row[9], point: point, host: row[10], seed: row[11], repetitions: row[12], untilFailure: row[13])
        }
    }

    func storedRun(id: Int64) async throws -> (run: HistoryStore.ListedRun, results: [StoredResult])? {
        try await read { db in
            // By the run's own id, so a run outside every window is found too.
            guard let run = try Self.runs(db, where: "id = ?", arguments: [id], limit: 1).first else { return nil }
            return (run, try Self.storedResults(db, runs: "SELECT id FROM run WHERE id = ?", arguments: [id]))
        }
    }

    func storedResults(keys: [String], runs: Int) async throws -> [StoredResult] {
        guard !keys.isEmpty else { return [] }
        return try await read { db in
            // `IN (?, ?, …)`, a placeholder per key: SQLite takes no array as one argument.
            try Self.storedResults(
                db, runs: "SELECT id FROM run ORDER BY startedAt DESC, id DESC LIMIT ?",
                tests: "test.key IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))",
                arguments: StatementArguments([runs]) + StatementArguments(keys))
        }
    }

    /// Every column of the results of the runs `runs` selects (their `id`) of the tests `tests` selects, oldest run first.
    /// The selected runs are joined first, so only their results are read, through `result`'s
    /// primary key (runId, testId).
    static func storedResults(
        _ db: Database, runs: String, tests: String = "1", arguments: StatementArguments
    ) throws
        -> [StoredResult]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT run.id, run.host, test.key, test.testID, result.outcome, result.duration, result.attemptOutcomes,
                       result.attemptDurations, result.worker, result.placements, result.orderDependency, result.flakyCause,
                       result.flakyEvidence
                FROM (\(runs)) AS selected JOIN run ON run.id = selected.id
                JOIN result ON result.runId = run.id
                JOIN test ON test.id = result.testId
                WHERE \(tests)
                ORDER BY run.startedAt, run.id
                """,
            arguments: arguments
        )
        .map { row in
            StoredResult(
                runID: row[0], host: row[1], key: row[2], testID: row[3], outcome: row[4], duration: row[5], attemptOutcomes: row[6],
                attemptDurations: row[7], worker: row[8], placements: row[9], orderDependency: row[10], flakyCause: row[11],
                flakyEvidence: row[12])
        }
    }

    /// Results of the last `runs` runs, oldest run first.
    /// A dirty run's commit reads as NULL: its failures are not compared with the commit's passes
    /// (`HistoryStore.flakyRuns`). `LIKE` finds a bisection's "found" verdict in the stored JSON
    /// without decoding a row (`WindowResult.foundDependency`); NULL there counts as no dependency.
    private static func windowResults(_ db: Database, runs: Int) throws -> [WindowResult] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT test.key, test.testID, result.outcome, result.duration, result.attemptOutcomes,
                       CASE WHEN run.dirty THEN NULL ELSE run.gitCommit END, coalesce(result.orderDependency LIKE ?, 0)
                FROM (SELECT id, startedAt, dirty, gitCommit FROM run ORDER BY startedAt DESC, id DESC LIMIT ?) AS run
                JOIN result ON result.runId = run.id
                JOIN test ON test.id = result.testId
                ORDER BY run.startedAt, run.id
                """,
            arguments: [WindowResult.foundDependency, runs]
        )
        // A cursor: a wide window is tens of thousands of rows, read one at a time, with no array of rows in between.
        var results: [WindowResult] = []
        while let row = try rows.next() {
            results.append(
                WindowResult(
                    key: row[0], testID: row[1], outcome: row[2], duration: row[3], attempts: row[4], commit: row[5], orderDependent: row[6]))
        }
        return results
    }

    func saveCoverageMap(_ map: RecordedCoverageMap, keep: Int) async throws -> Bool {
        try await pool.write { db in
            // The check, the insert and the trimming in one write: two imports of one map at once keep it once.
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM coverageMap WHERE digest = ?", arguments: [map.digest]) == nil else { return false }
            try db.execute(
                sql: "INSERT INTO coverageMap (recordedAt, gitCommit, tests, data, digest) VALUES (?, ?, ?, ?, ?)",
                arguments: [map.recordedAt.timeIntervalSince1970, map.commit, map.tests, map.data, map.digest])
            // The newest `keep` by recording time stay: an imported map older than all of them goes at once.
            try db.execute(
                sql: "DELETE FROM coverageMap WHERE id NOT IN (SELECT id FROM coverageMap ORDER BY recordedAt DESC, id DESC LIMIT ?)",
                arguments: [keep])
            return true
        }
    }

    func coverageMapCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM coverageMap") ?? 0 }
    }

    func latestCoverageMap() async throws -> HistoryStore.StoredCoverageMap? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT recordedAt, gitCommit, tests, data FROM coverageMap ORDER BY recordedAt DESC, id DESC LIMIT 1")
            else { return nil }
            return HistoryStore.StoredCoverageMap(
                recordedAt: Date(timeIntervalSince1970: row[0]), commit: row[1], tests: row[2], data: row[3])
        }
    }
}
