import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// Machines draining one build together, and builds pruned by age.
@Suite(.tags(.medium))
struct QueueDrainTests {
    /// Three machines with two workers each (sessions, as `telltale run --queue` holds them)
    /// drain a build of 40 units at once: every test is run once and counted once, and each
    /// worker stops once the queue is drained.
    @Test func threeMachinesDrainABuildEachTestOnce() async throws {
        let db = try await QueueDatabase.make("drain")
        let listing = QueueDatabase.listing(40)
        let ran = try await db.withClient { client in
            try await withThrowingTaskGroup(of: [TestID].self) { group in
                for machine in ["a", "b", "c"] {
                    let session = QueueSession(queue: db.queue(client, machine: machine))
                    for worker in 1...2 {
                        group.addTask {
                            if worker == 1 { _ = try await session.queue.join(listing) }
                            return try await QueueDatabase.drain(session, worker: worker)
                        }
                    }
                }
                return try await group.reduce(into: [TestID]()) { $0 += $1 }
            }
        }
        #expect(ran.count == 40)
        #expect(Set(ran).count == 40)
        let (results, status) = try await db.withClient { client in
            let queue = db.queue(client, machine: "reader")
            return (try await queue.results(), try await queue.status())
        }
        #expect(results.count == 40)
        #expect(Set(results.map(\.id)).count == 40)
        #expect(status?.isDrained == true)
        #expect(status?.done.values.reduce(0, +) == 40)
    }

    /// A worker with nothing to reserve while another machine runs the last unit goes on when
    /// that unit is acknowledged (the notice of change), not at its next poll: its poll interval
    /// here is an hour, so without the notice the test would reach its time limit. (The limit
    /// is generous: with the whole suite beside it on two cores, this test once took over two
    /// minutes to reach its first query.)
    @Test(.timeLimit(.minutes(15))) func aWaitingWorkerGoesOnAtTheNoticeNotItsNextPoll() async throws {
        let db = try await QueueDatabase.make("notice")
        try await db.withClient { client in
            let other = db.queue(client, machine: "b")
            _ = try await other.join(QueueDatabase.listing(1))
            let unit = try #require(try await other.reserve().first)
            let session = QueueSession(queue: db.queue(client, machine: "a"), pollInterval: .seconds(3600))
            let waited = try await session.withHeartbeat {
                // Listening first, so the worker waits for a notice rather than polling.
                while !(await session.isListening) { try await Task.sleep(for: .milliseconds(20)) }
                return try await withThrowingTaskGroup(of: [SharedWorkUnit].self) { group in
                    group.addTask { try await session.reserve(worker: 1) }
                    // Once the worker waits, the other machine finishes its unit.
                    while await session.waitingWorkers == 0 { try await Task.sleep(for: .milliseconds(20)) }
                    try await other.acknowledge(unit, results: [QueueDatabase.result(unit.tests[0], .passed)])
                    return try await group.next() ?? []
                }
            }
            #expect(waited.isEmpty, "the build is drained: nothing left to reserve")
        }
    }

    /// A session's heartbeat renews the leases its workers hold, on the database's clock.
    @Test func theHeartbeatRenewsHeldLeases() async throws {
        let db = try await QueueDatabase.make("heartbeat")
        try await db.withClient { client in
            let session = QueueSession(queue: db.queue(client, machine: "a", lease: 3))
            _ = try await session.queue.join(QueueDatabase.listing(1))
            let unit = try #require(try await session.reserve(worker: 1).first)
            let before = try await db.sql("SELECT lease_expires_at FROM telltale.queue_unit")
            // Renewed every second (a third of the lease): wait, by the database's clock, for a later expiry.
            // Polled on the database's clock; a heartbeat that never renews fails at the deadline
            // (a minute: twenty renewals' worth, however busy the machine) instead of hanging.
            let deadline = ContinuousClock.now + .seconds(60)
            let renewed = try await session.withHeartbeat {
                while ContinuousClock.now < deadline {
                    if try await db.sql("SELECT lease_expires_at FROM telltale.queue_unit") != before { return true }
                    try await Task.sleep(for: .milliseconds(100))
                }
                return false
            }
            #expect(renewed, "the lease was not renewed within a minute")
            try await session.acknowledge([unit], results: [QueueDatabase.result(unit.tests[0], .passed)])
            #expect(await session.lateUnits == 0)
        }
    }

    /// Builds filled more than the given days ago are removed with everything they hold; newer ones stay.
    @Test func pruneRemovesBuildsOlderThanTheGivenDays() async throws {
        let db = try await QueueDatabase.make("prune")
        try await db.withClient { client in
            for build in ["old", "new"] {
                let queue = db.queue(client, build: build, machine: "a")
                _ = try await queue.join(QueueDatabase.listing(2))
                let unit = try #require(try await queue.reserve().first)
                try await queue.acknowledge(unit, results: [QueueDatabase.result(unit.tests[0], .passed)])
            }
            _ = try await db.sql("UPDATE telltale.queue_build SET filled_at = now() - interval '10 days' WHERE id = 'old'")
            #expect(try await PostgresWorkQueue.prune(olderThan: 7, client: client, location: db.location) == 1)
            #expect(try await db.sql("SELECT DISTINCT build_id FROM telltale.queue_unit") == "new\n")
            #expect(try await db.sql("SELECT DISTINCT build_id FROM telltale.queue_result") == "new\n")
            #expect(try await db.queue(client, build: "old", machine: "a").status() == nil)
        }
    }

    /// Output beyond the cap is cut, with a note saying how much there was.
    @Test func longOutputIsCutWithANote() async throws {
        let db = try await QueueDatabase.make("cap")
        try await db.withClient { client in
            let queue = db.queue(client, machine: "a")
            _ = try await queue.join(QueueDatabase.listing(1))
            let unit = try #require(try await queue.reserve().first)
            var result = QueueDatabase.result(unit.tests[0], .failed)
            result.output = String(repeating: "x", count: 200_000)
            try await queue.acknowledge(unit, results: [result])
            let stored = try #require(try await queue.results().first)
            #expect(stored.output.count < 70_000)
            #expect(stored.output.hasSuffix("cut to its first 65536 of 200000 characters to keep the queue's rows small]"))
        }
    }
}
