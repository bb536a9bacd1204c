import Foundation
import GRDB
import TelltaleModel

/// Coverage maps (what each test executed, `telltale run --coverage-map`), kept as the opaque
/// bytes TelltaleCoverage writes: `--changed --select tests` reads the newest.
extension HistoryStore {
    /// How many maps the history keeps; older ones are deleted as new ones arrive.
    public static let keptCoverageMaps = 3

    /// A stored map and what is known of it without decoding it.
    public struct StoredCoverageMap: Sendable {
        public var recordedAt: Date
        public var commit: String?
        public var tests: Int
        public var data: Data
    }

    /// Keeps a map; false when the history already had these exact bytes.
    @discardableResult
    public func saveCoverageMap(_ data: Data, recordedAt: Date, commit: String?, tests: Int) async throws(HistoryError) -> Bool {
        let digest = SourceDigest.of(data) + "-\(data.count)"
        do {
            return try await pool.write { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM coverageMap WHERE digest = ?", arguments: [digest]) == nil else { return false }
                try db.execute(
                    sql: "INSERT INTO coverageMap (recordedAt, gitCommit, tests, data, digest) VALUES (?, ?, ?, ?, ?)",
                    arguments: [recordedAt.timeIntervalSince1970, commit, tests, data, digest])
                try db.execute(
                    sql: "DELETE FROM coverageMap WHERE id NOT IN (SELECT id FROM coverageMap ORDER BY recordedAt DESC, id DESC LIMIT ?)",
                    arguments: [Self.keptCoverageMaps])
                return true
            }
        } catch {
            throw HistoryError(path: path, reason: Self.reason(error))
        }
    }

    /// How many maps the history holds.
    public func coverageMapCount() async throws(HistoryError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM coverageMap") ?? 0 }
    }

    /// The most recently recorded map, if any.
    public func latestCoverageMap() async throws(HistoryError) -> StoredCoverageMap? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT recordedAt, gitCommit, tests, data FROM coverageMap ORDER BY recordedAt DESC, id DESC LIMIT 1")
            else { return nil }
            return StoredCoverageMap(
                recordedAt: Date(timeIntervalSince1970: row[0]), commit: row[1], tests: row[2], data: row[3])
        }
    }
}
