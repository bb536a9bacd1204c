import PostgresNIO
import TelltalePostgres

/// Notices of change: a statement that may let a waiting worker go on (a unit done, a retry
/// queued, a machine finished) tells the build's listeners on commit (`NOTIFY`), so a worker
/// with nothing to reserve waits for the next notice instead of polling. At the end of a build
/// this is what keeps a machine from seeing the queue drained up to a poll interval late: with
/// polling that backs off to a second, three machines on a real suite of short tests each spent
/// about half a second after the last test finding out (Docs/Fleet.md).
extension PostgresWorkQueue {
    /// One channel for every build; the payload is the build's id.
    static let noticeChannel = "telltale_queue"

    /// Tells the build's listeners, when the surrounding transaction commits.
    func notifyChanged(on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_notify(\(Self.noticeChannel), \(build))", logger: Self.quiet)
    }

    /// Listens on a connection of its own until cancelled: `listening` once the server has
    /// taken the `LISTEN`, then `changed` for each notice of this build.
    package func listenForChanges(
        listening: @escaping @Sendable () async -> Void, changed: @escaping @Sendable () async -> Void
    ) async throws(PostgresConnectionError) {
        let build = self.build
        try await PostgresConnector.withConnection(to: location) { connection in
            try await connection.listen(on: Self.noticeChannel) { notices in
                await listening()
                for try await notice in notices where notice.payload == build { await changed() }
            }
        }
    }
}
