import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// A machine whose connections the server ends mid-run (a restart, a failover, a cut network)
/// reconnects and goes on; the build still drains with every test once.
@Suite(.tags(.medium))
struct QueueReconnectionTests {
    /// Machine A's workers are caught in a reservation (held on a row lock the test takes, so
    /// the query is surely in flight), and the server ends A's connections with
    /// `pg_terminate_backend`. A tries again on a new connection; once the lock goes, A and B
    /// drain the build, each test counted once.
    @Test(
        .disabled(
            """
            hangs on a loaded machine (seen in a clean-clone run of the whole suite): after the server ended             A's connections, neither A nor B sent another query and the drain never ended; passes alone.             Until that is understood, reconnection after a lost connection is not shown to hold under load.
            """))
    func aMachineWhoseConnectionsAreEndedReconnectsAndTheBuildDrains() async throws {
        let db = try await QueueDatabase.make("reconnect")
        var located = db.location
        located.applicationName = "telltale-queue-a"
        let listing = QueueDatabase.listing(40, timed: false)
        let ran = try await PostgresConnector.withClient(for: located) { clientA in
            try await db.withClient { clientB in
                var queueA = PostgresWorkQueue(client: clientA, location: located, build: "b1", machine: "a")
                queueA.workers = 2
                let a = QueueSession(queue: queueA)
                let b = QueueSession(queue: db.queue(clientB, machine: "b", workers: 2))
                _ = try await a.queue.join(listing)
                _ = try await b.queue.join(listing)
                return try await PostgresConnector.withConnection(to: db.location) { holder in
                    // A reservation marks its machine seen: holding A's row holds A's reservations.
                    try await holder.query("BEGIN", logger: PostgresConnector.quiet)
                    try await holder.query(
                        "SELECT 1 FROM telltale.queue_machine WHERE build_id = 'b1' AND machine = 'a' FOR UPDATE", logger: PostgresConnector.quiet)
                    return try await withThrowingTaskGroup(of: [TestID].self) { group in
                        for worker in 1...2 { group.addTask { try await QueueDatabase.drain(a, worker: worker) } }
                        let cut = await Self.endConnections(of: a, db: db)
                        // The lock goes whatever happened, so A's workers are never left waiting on it.
                        try await holder.query("ROLLBACK", logger: PostgresConnector.quiet)
                        try cut.get()
                        for worker in 1...2 { group.addTask { try await QueueDatabase.drain(b, worker: worker) } }
                        return try await group.reduce(into: [TestID]()) { $0 += $1 }
                    }
                }
            }
        }
        #expect(ran.count == 40)
        #expect(Set(ran).count == 40)
        let (results, status) = try await db.withClient { client in
            let reader = db.queue(client, machine: "reader")
            return (try await reader.results(), try #require(try await reader.status()))
        }
        #expect(results.count == 40)
        #expect(Set(results.map(\.id)).count == 40)
        #expect(status.isDrained)
        #expect((status.done["a"] ?? 0) > 0, "A ran nothing after it reconnected: \(status.done)")
    }

    /// Once A's reservation waits on the lock, the server ends A's connections; then waits for
    /// A to try again, on a new connection, waiting on the lock again. Polled, with a deadline:
    /// the server has no signal for either.
    static func endConnections(of a: QueueSession, db: QueueDatabase) async -> Result<Void, any Error> {
        let deadline = ContinuousClock.now + .seconds(60)
        func waitForLock() async throws {
            while try await db.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'telltale-queue-a' AND wait_event_type = 'Lock'") == "0\n"
            {
                try #require(ContinuousClock.now < deadline, "A's reservation never waited on the lock")
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        do {
            try await waitForLock()
            // In the select list, so only A's backends are ended (a WHERE may run it on every row).
            let ended = try await db.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'telltale-queue-a'")
            #expect(ended.contains("t"), "no backend of A's was ended")
            while await a.reconnections == 0 {
                try #require(ContinuousClock.now < deadline, "A never tried again after its connections were ended")
                try await Task.sleep(for: .milliseconds(20))
            }
            // A's reservation, tried again on a new connection, waits on the lock again: it goes first once the lock goes.
            try await waitForLock()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
