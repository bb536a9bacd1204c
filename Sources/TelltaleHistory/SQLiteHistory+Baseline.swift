import Foundation
import GRDB
import TelltaleModel

/// The SQLite history's look-up of a change's base.
extension SQLiteHistory {
    func baselineRun(commit: String?, branch: String?, spread: Int) async throws -> StoredBaseline? {
        try await read { db in
            // Never a baseline: a dirty run (not its commit's) or a shard (a part of a run).
            let clean = "dirty = 0 AND shard IS NULL"
            // The base's own commit first, the closest comparison; else its branch's newest clean run.
            var found: (run: HistoryStore.ListedRun, match: BaselineSource.Match)?
            if let commit, let run = try Self.runs(db, where: "\(clean) AND gitCommit = ?", arguments: [commit], limit: 1).first {
                found = (run, .commit)
            } else if let branch, let run = try Self.runs(db, where: "\(clean) AND gitBranch = ?", arguments: [branch], limit: 1).first {
                found = (run, .branch)
            }
            guard let (run, match) = found else { return nil }
            let results = try Self.storedResults(db, runs: "SELECT id FROM run WHERE id = ?", arguments: [run.id])
            // The spread: the base's branch's runs up to this one (its commit's, for a run of no branch).
            let (column, value) = run.point.branch.map { ("gitBranch", $0) } ?? ("gitCommit", run.point.commit ?? "")
            // The runs before the baseline and the baseline itself (`OR id = ?`, as others may share its
            // start): a later run of the branch is not its spread. Newest first, as `StoredBaseline` keeps them.
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT test.key, result.duration
                    FROM (SELECT id, startedAt FROM run WHERE \(clean) AND \(column) = ? AND (startedAt < ? OR id = ?)
                          ORDER BY startedAt DESC, id DESC LIMIT ?) AS base
                    JOIN result ON result.runId = base.id JOIN test ON test.id = result.testId
                    WHERE result.outcome != 'skipped'
                    ORDER BY base.startedAt DESC, base.id DESC
                    """,
                arguments: [value, run.point.startedAt.timeIntervalSince1970, run.id, spread])
            var durations: [String: [Double]] = [:]
            while let row = try rows.next() { durations[row[0] as String, default: []].append(row[1]) }
            return StoredBaseline(run: run, match: match, results: results, durations: durations)
        }
    }
}
