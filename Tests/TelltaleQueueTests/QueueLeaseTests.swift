import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// Leases on the database's clock: a held unit is no one else's; a lapsed one is anyone's; the
/// old holder's late result is dropped and noted; a retry goes to another machine when one is
/// alive. Leases are made to lapse by moving their expiry on the database's clock, not by waiting.
@Suite(.tags(.medium))
struct QueueLeaseTests {
    /// A unit held by A is not reserved by B until A's lease lapses; then B takes it over
    /// (with a new token) and the takeover is noted.
    @Test func aLapsedLeaseIsReservedAgainByAnotherMachine() async throws {
        let db = try await QueueDatabase.make("lapse")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a")
            let b = db.queue(client, machine: "b")
            _ = try await a.join(QueueDatabase.listing(1))
            _ = try await b.join(QueueDatabase.listing(1))
            let held = try #require(try await a.reserve().first)
            #expect(try await b.reserve().isEmpty)
            #expect(try await b.isDrained() == false)
            // A renews: the lease moves on; still not B's.
            try await a.renew([held.lease])
            #expect(try await b.reserve().isEmpty)
            _ = try await db.sql("UPDATE telltale.queue_unit SET lease_expires_at = now() - interval '1 second'")
            let taken = try #require(try await b.reserve().first)
            #expect(taken.id == held.id)
            #expect(taken.lease != held.lease)
            // A's renewal of a lease taken over renews nothing of B's.
            try await a.renew([held.lease])
            #expect(try await db.sql("SELECT lease_holder FROM telltale.queue_unit") == "b\n")
            let status = try #require(try await b.status())
            #expect(status.notes.contains { $0.hasPrefix("b: unit \(held.id)'s lease held by a lapsed") })
            #expect(status.leased.map(\.machine) == ["b"])
        }
    }

    /// A's late acknowledgement, after B took its lapsed unit over, is dropped and noted; B's
    /// counts; acknowledging the same attempt again is a no-op.
    @Test func aLateResultFromALapsedLeaseIsDroppedAndNoted() async throws {
        let db = try await QueueDatabase.make("late")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a")
            let b = db.queue(client, machine: "b")
            _ = try await a.join(QueueDatabase.listing(1))
            let held = try #require(try await a.reserve().first)
            _ = try await db.sql("UPDATE telltale.queue_unit SET lease_expires_at = now() - interval '1 second'")
            let taken = try #require(try await b.reserve().first)
            #expect(try await a.acknowledge(held, results: [QueueDatabase.result(held.tests[0], .failed)]) == false)
            #expect(try await b.acknowledge(taken, results: [QueueDatabase.result(taken.tests[0], .passed)]) == true)
            #expect(try await b.acknowledge(taken, results: [QueueDatabase.result(taken.tests[0], .failed)]) == false)
            let results = try await b.results()
            #expect(results.map(\.outcome) == [.passed])
            #expect(results.map(\.machine) == ["b"])
            let notes = try #require(try await a.status()).notes
            #expect(notes.contains { $0.hasPrefix("a: late result from a for unit \(held.id) (attempt 1) dropped, not counted") })
            #expect(try await a.isDrained())
        }
    }

    /// A's failure with a retry left is recorded and its next attempt queued: while B is alive,
    /// A does not take it (B does, with A's attempt as its earlier one); once B is gone, A may.
    @Test func aRetryGoesToAnotherMachineWhileOneIsAlive() async throws {
        let db = try await QueueDatabase.make("retry")
        try await db.withClient { client in
            var a = db.queue(client, machine: "a")
            a.retryGrace = 600
            var b = db.queue(client, machine: "b")
            b.retryGrace = 600
            _ = try await a.join(QueueDatabase.listing(2))
            _ = try await b.join(QueueDatabase.listing(2))
            let first = try #require(try await a.reserve().first)
            let failure = QueueDatabase.result(first.tests[0], .failed)
            #expect(try await a.retry(first, results: [failure], framework: .xctest, serial: false))
            try await a.acknowledge(first, results: [failure])
            // A gets the other first unit, not its own retry.
            let second = try #require(try await a.reserve().first)
            #expect(second.attempt == 1)
            #expect(try await a.reserve().isEmpty)
            let retried = try #require(try await b.reserve().first)
            #expect(retried.tests == first.tests)
            #expect(retried.attempt == 2)
            let earlier = try await b.earlierResults(of: retried)
            #expect(earlier.map(\.outcome) == [.failed])
            #expect(earlier.map(\.machine) == ["a"])

            // Another failure on B: with A gone quiet for longer than a lease, B takes its own retry.
            #expect(try await b.retry(retried, results: [QueueDatabase.result(retried.tests[0], .failed)], framework: .xctest, serial: false))
            #expect(try await b.reserve().isEmpty)
            _ = try await db.sql("UPDATE telltale.queue_machine SET last_seen = now() - interval '1 day' WHERE machine = 'a'")
            let third = try #require(try await b.reserve().first)
            #expect(third.attempt == 3)
            try await b.acknowledge(retried, results: [QueueDatabase.result(retried.tests[0], .failed)])
            try await b.acknowledge(third, results: [QueueDatabase.result(third.tests[0], .passed)])
            try await a.acknowledge(second, results: [QueueDatabase.result(second.tests[0], .passed)])
            let results = try await a.results()
            let flaky = try #require(results.first { $0.id == first.tests[0] })
            #expect(flaky.outcome == .passed)
            #expect(flaky.previousAttempts.map(\.outcome) == [.failed, .failed])
            // Each earlier attempt names the machine that ran it, as the last one does.
            #expect(flaky.previousAttempts.map(\.machine) == ["a", "b"])
            #expect(flaky.machine == "b")
            #expect(flaky.isFlaky)
            #expect(try await a.isDrained())
        }
    }
}
