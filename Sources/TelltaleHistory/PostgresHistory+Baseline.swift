import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

/// The shared history's look-up of a change's base, read at one moment.
extension PostgresHistory {
    func baselineRun(commit: String?, branch: String?, spread: Int) async throws -> StoredBaseline? {
        try await snapshot { connection in
            // In one snapshot: the run found, its results and its spread are of one moment. The base's own
            // commit first; else its branch's newest clean run (never a dirty run or a shard), as in the file.
            var found: (run: HistoryStore.ListedRun, match: BaselineSource.Match)?
            if let commit {
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: Self.runColumns) FROM telltale.run WHERE NOT dirty AND shard IS NULL AND git_commit = \(commit)
                    ORDER BY started_at DESC, id DESC LIMIT 1
                    """, logger: PostgresConnector.quiet)
                found = try await Self.listedRuns(rows).first.map { ($0, .commit) }
            }
            if found == nil, let branch {
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: Self.runColumns) FROM telltale.run WHERE NOT dirty AND shard IS NULL AND git_branch = \(branch)
                    ORDER BY started_at DESC, id DESC LIMIT 1
                    """, logger: PostgresConnector.quiet)
                found = try await Self.listedRuns(rows).first.map { ($0, .branch) }
            }
            guard let (run, match) = found else { return nil }
            let results = try await Self.storedResults(connection, where: "run.id = \(run.id)")
            // The spread: the base's branch's runs up to this one (its commit's, for a run of no branch).
            let (started, id) = (run.point.startedAt, run.id)
            // The runs before the baseline and the baseline itself (`OR id =`, as others may share its
            // start): a later run of the branch is not its spread. A query of its own, so its values are
            // bound; its SQL and binds go into the statement below.
            let base: PostgresQuery =
                if let branch = run.point.branch {
                    "git_branch = \(branch) AND (started_at < \(started) OR id = \(id))"
                } else {
                    "git_commit = \(run.point.commit ?? "") AND (started_at < \(started) OR id = \(id))"
                }
            let query = PostgresQuery(
                unsafeSQL: """
                    SELECT test.key, result.duration
                    FROM (SELECT id, started_at FROM telltale.run WHERE NOT dirty AND shard IS NULL AND \(base.sql)
                          ORDER BY started_at DESC, id DESC LIMIT \(spread)) AS base
                    JOIN telltale.result ON result.run_id = base.id JOIN telltale.test ON test.id = result.test_id
                    WHERE result.outcome <> 'skipped'
                    ORDER BY base.started_at DESC, base.id DESC
                    """, binds: base.binds)
            var durations: [String: [Double]] = [:]
            for try await (key, duration) in try await connection.query(query, logger: PostgresConnector.quiet).decode((String, Double).self) {
                durations[key, default: []].append(duration)
            }
            return StoredBaseline(run: run, match: match, results: results, durations: durations)
        }
    }
}
