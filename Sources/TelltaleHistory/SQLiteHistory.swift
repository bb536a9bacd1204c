import Foundation
import GRDB
import TelltaleModel

/// The history in one SQLite file (`.telltale/history.sqlite` by default).
///
/// WAL mode (GRDB's `DatabasePool`) lets two runs record into one file at once and lets
/// readers go on while a run writes; a run is recorded in one transaction, so a run
/// killed while recording leaves the file as it was before.
final class SQLiteHistory: HistoryBackend {
    let path: String
    /// Readers on connections of their own, one writer at a time: a run recording never blocks a read.
    let pool: DatabasePool

    /// Opens (creating when missing) and migrates the history at `path`.
    init(path: String) throws(HistoryError) {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try Self.prepareFolder(folder)
            var configuration = Configuration()
            // A second run recording at the same moment waits its turn rather than failing.
            configuration.busyMode = .timeout(30)
            configuration.label = "telltale-history"
            // WAL with synchronous=NORMAL: a commit survives a crash of Telltale (and stays consistent
            // on power loss, losing at most the last runs), without an fsync per run.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            pool = try Self.open(path: path, configuration: configuration)
        } catch {
            throw Self.historyError(error, path: path)
        }
    }

    /// Opens and migrates, allowing for another process doing the same to a new file at the
    /// same moment (two runs started together on a new history): turning on WAL takes a lock
    /// that is not waited for, and GRDB's migrator reads which migrations are applied once and
    /// then runs each in its own transaction, so the second process may find the file locked
    /// or try a migration the first has just applied. Its transaction rolled back, it tries
    /// again a moment later and goes on from what the first did.
    private static func open(path: String, configuration: Configuration) throws -> DatabasePool {
        let tries = 8
        var attempt = 1
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try SQLiteHistorySchema.migrator.migrate(pool)
                return pool
            } catch  where attempt < tries {
                // Seven pauses at most, each 20 ms longer (0.56 s in all); the eighth try's error is thrown.
                Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
                attempt += 1
            }
        }
    }

    func insert(_ run: RecordedRun) async throws -> Bool {
        try await pool.write { db in try Self.insert(run, into: db) }
    }

    /// `body` on one of the pool's readers, in a transaction of its own that sees one moment of the file.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.read(body)
    }

    private static func insert(_ run: RecordedRun, into db: Database) throws -> Bool {
        // The fingerprint is unique: a run already kept inserts no row (`changesCount` 0), so neither
        // it nor its results are added again.
        try db.execute(
            sql: """
                INSERT INTO run (startedAt, duration, gitCommit, gitBranch, dirty, host, plan, shard, source, fingerprint,
                                 tests, passed, failed, skipped, coveredLines, coverableLines, seed, repetitions, untilFailure)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(fingerprint) DO NOTHING
                """,
            arguments: [
                run.startedAt.timeIntervalSince1970, run.duration, run.commit, run.branch, run.dirty, run.host, run.plan, run.shard,
                run.source.rawValue, run.fingerprint, run.tests, run.passed, run.failed, run.skipped, run.coveredLines, run.coverableLines,
                run.seed, run.repetitions, run.untilFailure,
            ]
        )
        guard db.changesCount == 1 else { return false }
        let runID = db.lastInsertedRowID

        // Every known test read once and looked up in memory, rather than a SELECT for each result.
        var known: [String: (id: Int64, testID: String)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, key, testID FROM test") {
            known[row[1]] = (row[0], row[2])
        }
        // Prepared once, run for each result.
        let insertTest = try db.makeStatement(sql: "INSERT INTO test (key, suite, testID) VALUES (?, ?, ?)")
        let renameTest = try db.makeStatement(sql: "UPDATE test SET testID = ? WHERE id = ?")
        let insertResult = try db.makeStatement(
            sql: """
                INSERT INTO result
                    (runId, testId, outcome, duration, attemptOutcomes, attemptDurations, worker, quarantined,
                     placements, orderDependency, flakyCause, flakyEvidence)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        for result in run.results {
            let testID: Int64
            if let existing = known[result.key] {
                testID = existing.id
                // JUnit imports know only the key; a run's own record knows the full id.
                if run.source == .run, existing.testID != result.testID {
                    try renameTest.execute(arguments: [result.testID, testID])
                }
            } else {
                try insertTest.execute(arguments: [result.key, result.suite, result.testID])
                testID = db.lastInsertedRowID
            }
            try insertResult.execute(arguments: [
                runID, testID, result.outcome, result.duration, result.attemptOutcomes, result.attemptDurations, result.worker,
                result.quarantined, result.placements, result.orderDependency, result.flakyCause, result.flakyEvidence,
            ])
        }
        return true
    }

    /// The folder, and a `.gitignore` in it, so the history never shows up in `git status`.
    private static func prepareFolder(_ folder: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: folder.path) else { return }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        if folder.lastPathComponent == ".telltale" {
            try Data("# Telltale's run history: local to this machine.\n*\n".utf8)
                .write(to: folder.appendingPathComponent(".gitignore"))
        }
    }

    func historyError(_ error: any Error) -> HistoryError { Self.historyError(error, path: path) }

    static func historyError(_ error: any Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        return HistoryError(location: path, reason: reason(error), hint: "delete the file to start a new history, or pass --no-history")
    }

    /// SQLite's result codes in words a person can act on; anything else as its library says it.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return "the file is damaged or not a Telltale history (\(error.message ?? "corrupt"))"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process held the file too long (\(error.message ?? "busy"))"
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM: return "cannot open it for writing (\(error.message ?? "cannot open"))"
            default: return error.message ?? "\(error)"
            }
        }
        return (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}
