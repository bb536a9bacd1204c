import Foundation
import TelltaleModel
import TelltalePostgres

/// The run history: what every run adds to, and what scheduling, flaky scores and trends
/// read. Kept in a SQLite file (`.telltale/history.sqlite` by default; `SQLiteHistory`) or in a
/// PostgreSQL database a team's machines share (`PostgresHistory`); what the rows mean is
/// worked out here, once, for both.
///
/// A run is recorded in one transaction, so a run killed while recording leaves the history as
/// it was; two runs recording at once are both kept.
package final class HistoryStore: Sendable {
    /// The file or database the store was opened on; its description names it in every message.
    package let location: HistoryLocation
    /// The store's own SQL; every call goes through `run`, which turns its errors into `HistoryError`.
    let backend: any HistoryBackend

    init(location: HistoryLocation, backend: any HistoryBackend) {
        self.location = location
        self.backend = backend
    }

    /// Opens (creating when missing) and migrates the SQLite history at `path`.
    package convenience init(path: String) throws(HistoryError) {
        self.init(location: .file(path), backend: try SQLiteHistory(path: path))
    }

    /// Opens the history at `location` for `body`, which gets the store or why it cannot be
    /// had (a run goes on without it). A PostgreSQL history is checked and migrated on a
    /// connection of its own first, so a wrong URL, password or database fails at once with the
    /// server's reason; then a pooled client serves `body` and is shut down when `body` returns.
    /// Every call to PostgreSQL, the first included, is given up after `callTimeout`, and after
    /// one is, the store answers every later call with that at once (`PostgresHistory`).
    package static func withStore<T, E: Error>(
        at location: HistoryLocation, callTimeout: Duration = PostgresConnector.defaultCallTimeout,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Result<HistoryStore, HistoryError>) async throws(E) -> T
    ) async throws(E) -> T {
        switch location {
        case .file(let path):
            let store: Result<HistoryStore, HistoryError>
            do {
                store = .success(try HistoryStore(path: path))
            } catch {
                store = .failure(error)
            }
            return try await body(store)
        case .postgres(let database):
            do {
                // A connection of its own for the check and the migration: the pool would retry a server it
                // cannot reach for a minute before saying why.
                _ = try await PostgresConnector.withConnection(to: database, within: callTimeout) { connection in
                    try await PostgresHistorySchema.migrator.migrate(connection)
                }
            } catch {
                return try await body(.failure(PostgresHistory.historyError(error, at: database)))
            }
            // The pool lives exactly as long as `body`: its connections are closed when `body` returns.
            return try await PostgresConnector.withClient(for: database) { client throws(E) in
                let backend = PostgresHistory(client: client, location: database, callTimeout: callTimeout)
                return try await body(.success(HistoryStore(location: location, backend: backend)))
            }
        }
    }

    /// Records `record` as one run. Returns false when that run was recorded before
    /// (imports of the same `run.json` twice count once).
    @discardableResult
    package func record(_ record: RunRecord, source: RunSource = .run) async throws(HistoryError) -> Bool {
        try await run { try await $0.insert(RecordedRun(record, source: source)) }
    }

    /// How many runs the history holds.
    package func runCount() async throws(HistoryError) -> Int {
        try await run { try await $0.runCount() }
    }

    /// Where a recorded run came from.
    package enum RunSource: String, Sendable {
        /// Recorded by `telltale run` as it ended.
        case run
        /// Read from an earlier run's `run.json` or JUnit by `telltale history import`.
        case `import`
    }

    /// `work` on the store, its failure explained.
    func run<T: Sendable>(_ work: (any HistoryBackend) async throws -> T) async throws(HistoryError) -> T {
        do {
            return try await work(backend)
        } catch {
            throw backend.historyError(error)
        }
    }
}
