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
    ///
    /// It cannot hang the suite: every wait has a deadline, each queue call is given up after
    /// `callTimeout`, and on a failure the lock goes and the workers are cancelled.
    @Test func aMachineWhoseConnectionsAreEndedReconnectsAndTheBuildDrains() async throws {
        try await Self.endConnectionsMidRun(reconnectFor: .seconds(120))
    }

    /// With reconnection off, the same run fails at once with A's lost connection: the test
    /// above sees reconnection, not luck.
    @Test func withoutReconnectionTheLostConnectionFailsTheMachine() async throws {
        await #expect(throws: PostgresConnectionError.self) {
            try await Self.endConnectionsMidRun(reconnectFor: .zero)
        }
    }

    /// A call that gets no answer (here a reservation held on a lock that never goes) is given
    /// up after the queue's `callTimeout` as a lost connection, not waited for.
    @Test func aStalledCallIsGivenUpAfterItsDeadline() async throws {
        let db = try await QueueDatabase.make("stalled")
        try await db.withClient { client in
            var queue = db.queue(client, machine: "a")
            _ = try await queue.join(QueueDatabase.listing(2))
            // Only the reservation's deadline is short: a join given a second failed on a loaded machine.
            queue.callTimeout = .seconds(1)
            let session = QueueSession(queue: queue, reconnectFor: .zero)
            try await PostgresConnector.withConnection(to: db.location) { holder in
                try await holder.query("BEGIN", logger: PostgresConnector.quiet)
                try await holder.query(
                    "SELECT 1 FROM telltale.queue_machine WHERE build_id = 'b1' AND machine = 'a' FOR UPDATE", logger: PostgresConnector.quiet)
                // The outer deadline only keeps a failure of this test from hanging the suite: it lets the lock go.
                let error = await #expect(throws: PostgresConnectionError.self) {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { _ = try await session.reserve(worker: 1) }
                        group.addTask {
                            try await Task.sleep(for: .seconds(30))
                            try await holder.query("ROLLBACK", logger: PostgresConnector.quiet)
                            throw Stopped(description: "the reservation was still waiting after 30 s")
                        }
                        defer { group.cancelAll() }
                        try await group.next()
                    }
                }
                try await holder.query("ROLLBACK", logger: PostgresConnector.quiet)
                #expect(error?.kind == .unreachable)
                // The reservation's own deadline, not the outer one (whose error is not a connection error),
                // however late a busy test process ran either timer.
                #expect(error?.reason.contains("no answer within") == true, "\(String(describing: error))")
            }
        }
    }

    static func endConnectionsMidRun(reconnectFor: Duration) async throws {
        let db = try await QueueDatabase.make("reconnect")
        var located = db.location
        located.applicationName = "telltale-queue-a"
        let listing = QueueDatabase.listing(40, timed: false)
        let ran = try await PostgresConnector.withClient(for: located) { clientA in
            try await db.withClient { clientB in
                var queueA = PostgresWorkQueue(client: clientA, location: located, build: "b1", machine: "a")
                queueA.workers = 2
                queueA.callTimeout = .seconds(600)
                var queueB = db.queue(clientB, machine: "b", workers: 2)
                _ = try await queueA.join(listing)
                _ = try await queueB.join(listing)
                // Once joined, a call stalled on a connection the server ended is given up within a
                // minute (a loaded machine's joins took over 20 s, so they keep the long deadline).
                queueA.callTimeout = .seconds(60)
                queueB.callTimeout = .seconds(60)
                let a = QueueSession(queue: queueA, reconnectFor: reconnectFor)
                let b = QueueSession(queue: queueB)
                return try await PostgresConnector.withConnection(to: db.location) { holder in
                    // A reservation marks its machine seen: holding A's row holds A's reservations.
                    try await holder.query("BEGIN", logger: PostgresConnector.quiet)
                    try await holder.query(
                        "SELECT 1 FROM telltale.queue_machine WHERE build_id = 'b1' AND machine = 'a' FOR UPDATE", logger: PostgresConnector.quiet)
                    return try await withThrowingTaskGroup(of: [TestID].self) { group in
                        let failed = FirstError()
                        for worker in 1...2 {
                            group.addTask {
                                do { return try await QueueDatabase.drain(a, worker: worker) } catch {
                                    await failed.record(error)
                                    throw error
                                }
                            }
                        }
                        let cut = await Self.endConnections(of: a, db: db, failed: failed)
                        // The lock goes whatever happened, so A's workers are never left waiting on it.
                        try await holder.query("ROLLBACK", logger: PostgresConnector.quiet)
                        try cut.get()
                        for worker in 1...2 { group.addTask { try await QueueDatabase.drain(b, worker: worker) } }
                        // A throw here (a worker's error, the deadline) cancels the other workers.
                        group.addTask {
                            try await Task.sleep(for: .seconds(240))
                            throw DrainTimeout()
                        }
                        var ran: [TestID] = []
                        for _ in 1...4 { ran += try await group.next() ?? [] }
                        group.cancelAll()
                        return ran
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

    struct DrainTimeout: Error, CustomStringConvertible {
        var description: String { "the build did not drain within 240 s after A's connections were ended" }
    }

    struct Stopped: Error, CustomStringConvertible {
        var description: String
    }

    /// The first error of A's workers, for the test's waits to stop at.
    actor FirstError {
        private(set) var error: (any Error)?
        func record(_ error: any Error) {
            if self.error == nil { self.error = error }
        }
    }

    /// Once A's reservation waits on the lock, the server ends A's connections; then waits for
    /// A to try again, on a new connection, waiting on the lock again. Polled, with a deadline:
    /// the server has no signal for either.
    static func endConnections(of a: QueueSession, db: QueueDatabase, failed: FirstError) async -> Result<Void, any Error> {
        let deadline = ContinuousClock.now + .seconds(60)
        func waitForLock() async throws {
            while try await db.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'telltale-queue-a' AND wait_event_type = 'Lock'"
            ) == "0\n" {
                try await stopUnlessWaiting("A's reservation never waited on the lock")
            }
        }
        /// Gives up at the deadline, or at once when one of A's workers failed (with its error).
        func stopUnlessWaiting(_ what: String) async throws {
            if let error = await failed.error { throw error }
            guard ContinuousClock.now < deadline else { throw Stopped(description: "\(what) (within 60 s)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        do {
            try await waitForLock()
            // In the select list, so only A's backends in this test's database are ended (a WHERE may run it on every row).
            let ended = try await db.sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'telltale-queue-a'")
            #expect(ended.contains("t"), "no backend of A's was ended")
            while await a.reconnections == 0 {
                try await stopUnlessWaiting("A never tried again after its connections were ended")
            }
            // A's reservation, tried again on a new connection, waits on the lock again: it goes first once the lock goes.
            try await waitForLock()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
