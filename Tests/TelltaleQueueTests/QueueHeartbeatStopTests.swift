import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleTestSupport
import Testing

/// Stopping a session's heartbeat leaves its pool of connections answering.
@Suite(.tags(.medium))
struct QueueHeartbeatStopTests {
    /// A heartbeat that beats every 10 ms, stopped 400 times at random moments, so many stops land
    /// while a renewal is in flight: the next call on the pool is still answered. (Before the
    /// renewal ran in a task of its own, a stop cut it off, its connection was closed, and the pool
    /// handed that connection to the next call: it failed at once here, within 4 s, and in the
    /// whole suite under load a call waited 600 s for an answer that never came.)
    @Test func aHeartbeatStoppedMidRenewalLeavesThePoolAnswering() async throws {
        let db = try await QueueDatabase.make("heartbeat-stop")
        try await db.withClient { client in
            var queue = db.queue(client, machine: "a", lease: 0.03)
            // A call that never gets an answer fails here instead of hanging the suite; a loaded
            // machine answers well within it.
            queue.callTimeout = .seconds(120)
            let session = QueueSession(queue: queue, reconnectFor: .zero)
            _ = try await session.queue.join(QueueDatabase.listing(1))
            _ = try #require(try await session.reserve(worker: 1).first)
            for _ in 1...400 {
                try await session.withHeartbeat { try await Task.sleep(for: .milliseconds(Int.random(in: 5...30))) }
                _ = try await queue.isDrained()
            }
        }
    }
}
