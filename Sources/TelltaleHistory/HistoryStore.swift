import Foundation
import GRDB
import TelltaleModel

/// The run history: one SQLite file (`.telltale/history.sqlite` by default) that every
/// run adds to, and that scheduling, flaky scores and trends read.
///
/// WAL mode (GRDB's `DatabasePool`) lets two runs record into one file at once and lets
/// readers go on while a run writes; a run is recorded in one transaction, so a run
/// killed while recording leaves the file as it was before.
public final class HistoryStore: Sendable {
    public let path: String
    let pool: DatabasePool

    /// Opens (creating when missing) and migrates the history at `path`.
    public init(path: String) throws(HistoryError) {
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
            throw HistoryError(path: path, reason: Self.reason(error))
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
                try HistorySchema.migrator.migrate(pool)
                return pool
            } catch  where attempt < tries {
                Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
                attempt += 1
            }
        }
    }

    /// Records `record` as one run. Returns false when that run was recorded before
    /// (imports of the same `run.json` twice count once).
    @discardableResult
    public func record(_ record: RunRecord, source: RunSource = .run) async throws(HistoryError) -> Bool {
        do {
            return try await pool.write { db in try Self.insert(record, source: source, into: db) }
        } catch {
            throw HistoryError(path: path, reason: Self.reason(error))
        }
    }

    /// How many runs the history holds.
    public func runCount() async throws(HistoryError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run") ?? 0 }
    }

    /// Where a recorded run came from.
    public enum RunSource: String, Sendable {
        /// Recorded by `telltale run` as it ended.
        case run
        /// Read from an earlier run's `run.json` or JUnit by `telltale history import`.
        case `import`
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HistoryError) -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw HistoryError(path: path, reason: Self.reason(error))
        }
    }

    private static func insert(_ record: RunRecord, source: RunSource, into db: Database) throws -> Bool {
        let totals = record.totals
        let environment = record.environment
        // Milliseconds, as run.json keeps them: importing the run.json of a recorded run finds it.
        // The duration too: two runs of one plan started at once on one host (a pre-push hook
        // beside an editor's run) may share their start's millisecond, never also their length.
        func milliseconds(_ seconds: Double) -> String { String(Int64((seconds * 1000).rounded())) }
        let fingerprint = [
            milliseconds(record.startedAt.timeIntervalSince1970), environment.host, record.plan.name,
            record.shard?.description ?? "", milliseconds(record.duration),
        ].joined(separator: "|")
        // A run of some of the plan's tests measured part of the suite: its total is no point of the trend.
        let coverage = record.coverage?.subset == nil ? record.coverage?.lines : nil
        try db.execute(
            sql: """
                INSERT INTO run (startedAt, duration, gitCommit, gitBranch, dirty, host, plan, shard, source, fingerprint,
                                 tests, passed, failed, skipped, coveredLines, coverableLines)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(fingerprint) DO NOTHING
                """,
            arguments: [
                record.startedAt.timeIntervalSince1970, record.duration, environment.gitCommit, environment.gitBranch,
                environment.gitDirty ?? false, environment.host, record.plan.name, record.shard?.description, source.rawValue,
                fingerprint, totals.tests, totals.passed, totals.failed + totals.errors, totals.skipped,
                coverage?.covered, coverage?.total,
            ]
        )
        guard db.changesCount == 1 else { return false }
        let runID = db.lastInsertedRowID

        var known: [String: (id: Int64, testID: String)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, key, testID FROM test") {
            known[row[1]] = (row[0], row[2])
        }
        let insertTest = try db.makeStatement(sql: "INSERT INTO test (key, suite, testID) VALUES (?, ?, ?)")
        let renameTest = try db.makeStatement(sql: "UPDATE test SET testID = ? WHERE id = ?")
        let insertResult = try db.makeStatement(
            sql: """
                INSERT OR REPLACE INTO result
                    (runId, testId, outcome, duration, attemptOutcomes, attemptDurations, worker, quarantined)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        for test in record.tests {
            let key = test.id.timingKey
            let testID: Int64
            if let existing = known[key] {
                testID = existing.id
                // JUnit imports know only the key; a run's own record knows the full id.
                if source == .run, existing.testID != test.id.rawValue {
                    try renameTest.execute(arguments: [test.id.rawValue, testID])
                    known[key] = (testID, test.id.rawValue)
                }
            } else {
                try insertTest.execute(arguments: [key, test.id.suiteName, test.id.rawValue])
                testID = db.lastInsertedRowID
                known[key] = (testID, test.id.rawValue)
            }
            // Most tests run once: their one attempt is the result itself, so nothing more is stored.
            var attemptOutcomes: String?
            var attemptDurations: String?
            if !test.previousAttempts.isEmpty {
                let attempts = test.previousAttempts.map { ($0.outcome, $0.duration) } + [(test.outcome, test.duration)]
                attemptOutcomes = attempts.map(\.0.rawValue).joined(separator: ",")
                attemptDurations = attempts.map { String($0.1) }.joined(separator: ",")
            }
            try insertResult.execute(arguments: [
                runID, testID, test.outcome.rawValue, test.duration, attemptOutcomes, attemptDurations, test.worker,
                test.quarantine != nil,
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
