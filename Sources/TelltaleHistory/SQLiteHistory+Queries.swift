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
            var keys: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, key FROM test") { keys[row[0]] = row[1] }
            // One indexed look-up per test: its own last results, whatever runs left it out.
            let statement = try db.makeStatement(
                sql: "SELECT duration FROM result WHERE testId = ? AND outcome != 'skipped' ORDER BY runId DESC LIMIT ?"
            )
            var durations: [String: [Double]] = [:]
            for (id, key) in keys { durations[key] = try Double.fetchAll(statement, arguments: [id, window]) }
            return durations
        }
    }

    func testsThatPassed() async throws -> Set<String> {
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
        try await read { db in try Self.runs(db, where: "1", arguments: [], limit: limit) }
    }

    func window(runs: Int) async throws -> (runs: [HistoryRunPoint], results: [WindowResult]) {
        try await read { db in (try Self.runs(db, where: "1", arguments: [], limit: runs).map(\.point), try Self.windowResults(db, runs: runs)) }
    }

    /// Runs matching `condition`, the newest `limit`, oldest first.
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
            guard let run = try Self.runs(db, where: "id = ?", arguments: [id], limit: 1).first else { return nil }
            return (run, try Self.storedResults(db, runs: "SELECT id FROM run WHERE id = ?", arguments: [id]))
        }
    }

    func storedResults(keys: [String], runs: Int) async throws -> [StoredResult] {
        guard !keys.isEmpty else { return [] }
        return try await read { db in
            try Self.storedResults(
                db, runs: "SELECT id FROM run ORDER BY startedAt DESC, id DESC LIMIT ?",
                tests: "test.key IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))",
                arguments: StatementArguments([runs]) + StatementArguments(keys))
        }
    }

    /// Every column of the results of the runs `runs` selects (their `id`) of the tests `tests` selects, oldest run first.
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
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM coverageMap WHERE digest = ?", arguments: [map.digest]) == nil else { return false }
            try db.execute(
                sql: "INSERT INTO coverageMap (recordedAt, gitCommit, tests, data, digest) VALUES (?, ?, ?, ?, ?)",
                arguments: [map.recordedAt.timeIntervalSince1970, map.commit, map.tests, map.data, map.digest])
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
