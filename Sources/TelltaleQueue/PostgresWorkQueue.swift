import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

/// One build's queue in PostgreSQL, as one machine sees it: it joins the build (the first to
/// arrive fills it), reserves units with leases, renews them, acknowledges them with their
/// results, queues failures for a retry, and reads the build's state.
///
/// Every statement that changes the queue is one statement or one transaction, so machines
/// never see half of a change: reservations take the longest open unit with
/// `FOR UPDATE SKIP LOCKED` (machines reserving at once take different units, none waits for
/// another); leases are times of the database's clock; an acknowledgement counts only with
/// the token its reservation was given, so a machine whose lease lapsed and was taken over
/// cannot count its late result; results are keyed by build, test and attempt, so the same
/// attempt acknowledged twice is kept once.
package struct PostgresWorkQueue: Sendable {
    package let client: PostgresClient
    package let location: PostgresLocation
    package let build: String
    package let machine: String
    /// How long a reservation lasts without being renewed.
    package var leaseSeconds: Double
    /// A retry avoids the machine that failed it while another machine of the build is alive (seen
    /// within a lease, its run not ended); with a grace, only for this many seconds. Nil (the
    /// default): as long as one is, so a retry lands on another machine whenever one is there,
    /// whatever the timing.
    package var retryGrace: Double?
    /// The least expected seconds a reservation takes when past durations are known: 20 test
    /// process start-ups' worth, as the run's own queue (`WorkQueue`), so start-ups stay a small
    /// part of the work. Zero: no floor.
    package var minimumShareSeconds: Double = 0
    /// This machine's workers: with the other live machines', what a reservation's share of
    /// the open units is sized by (`reserve()`).
    package var workers: Int = 1
    /// Drawn once per `telltale run`: a second process joining under the name of a machine
    /// that is still running is told apart from that machine coming back (`join`).
    package var process = Int64.random(in: 1...Int64.max)
    /// The longest one call may take, the wait for a connection included, before it is given
    /// up as a lost connection (`QueueSession` tries it again): a query on a connection the
    /// server ended without the client seeing it would otherwise wait for ever. `--postgres-timeout`,
    /// by default two minutes (`PostgresConnector.defaultCallTimeout`).
    package var callTimeout: Duration = PostgresConnector.defaultCallTimeout

    package init(client: PostgresClient, location: PostgresLocation, build: String, machine: String, leaseSeconds: Double = 30) {
        self.client = client
        self.location = location
        self.build = build
        self.machine = machine
        self.leaseSeconds = leaseSeconds
    }

    /// Brings the database's queue tables up to date on a connection of its own: this is also
    /// the check that the server can be reached at all (it fails at once, naming the URL, or
    /// after `limit` when the server accepts and says nothing).
    package static func prepare(
        _ location: PostgresLocation, within limit: Duration = PostgresConnector.defaultCallTimeout, arrival: Arrival? = nil
    ) async throws(PostgresConnectionError) {
        _ = try await PostgresConnector.withConnection(to: location, within: limit) { connection in
            try await QueueSchema.migrator.migrate(connection)
            if let arrival { try await arrival.record(on: connection) }
        }
    }

    static let quiet = PostgresConnector.quiet

    /// `body` in one transaction, within `callTimeout` (run again after a deadlock or a
    /// serialization failure).
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(PostgresConnectionError) -> T {
        try await PostgresConnector.transaction(on: client, at: location, within: callTimeout, body)
    }

    /// `body`'s one statement on a pooled connection, outside a transaction of its own (one
    /// round trip), within `callTimeout`; run again, as `transaction` is, after a deadlock or a
    /// serialization failure.
    func statement<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(PostgresConnectionError) -> T {
        var attempt = 1
        while true {
            do {
                return try await PostgresConnector.withConnection(from: client, at: location, within: callTimeout, body)
            } catch {
                let explained = error
                guard explained.isRetryable, attempt < 5 else { throw explained }
                attempt += 1
                try? await Task.sleep(for: .milliseconds(5 * attempt * attempt))
            }
        }
    }

    /// Adds a note to the build's (a lapsed lease, a late result, a re-run).
    func note(_ text: String, on connection: PostgresConnection) async throws {
        try await connection.query(
            "INSERT INTO telltale.queue_note (build_id, machine, text) VALUES (\(build), \(machine), \(text))", logger: Self.quiet)
    }
}
