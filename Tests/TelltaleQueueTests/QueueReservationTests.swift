import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// A reservation takes a share of the open units (guided self-scheduling over the fleet's
/// workers), to run in one test process, while each unit keeps a lease of its own.
@Suite(.tags(.medium))
struct QueueReservationTests {
    /// A machine of two workers alone in a fresh build of 60 short units shares them among the
    /// machines actually there, itself: a reservation takes 60 / (2 × 2) → 15, as its own run's
    /// queue would; once five machines of two have joined, 45 / (2 × 10) → 3; units remain for
    /// the others.
    @Test func aReservationTakesAShareOfTheOpenUnits() async throws {
        let db = try await QueueDatabase.make("share")
        try await db.withClient { client in
            let listing = QueueDatabase.listing(60, timed: false)
            let machines = ["a", "b", "c", "d", "e"].map { db.queue(client, machine: $0, workers: 2) }
            _ = try await machines[0].join(listing)
            let first = try await machines[0].reserve()
            #expect(first.count == 15)
            #expect(Set(first.map(\.lease)).count == 1)
            for machine in machines.dropFirst() { _ = try await machine.join(listing) }
            let second = try await machines[1].reserve()
            #expect(second.count == 3)
            #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
            #expect(try await db.sql("SELECT state, count(*) FROM telltale.queue_unit GROUP BY state ORDER BY state") == "leased|18\npending|42\n")
        }
    }

    /// Machines that arrived (reached the database) but are still building or listing count:
    /// the first to join, with two more of two workers arrived, takes 60 / (2 × 6) → 5, not
    /// the 15 it would take alone; an arrival older than a lease counts no more.
    @Test func machinesStillListingCountForTheShare() async throws {
        let db = try await QueueDatabase.make("arrivals")
        for machine in ["b", "c"] {
            try await PostgresWorkQueue.prepare(db.location, arrival: PostgresWorkQueue.Arrival(build: "b1", machine: machine, workers: 2))
        }
        try await PostgresWorkQueue.prepare(db.location, arrival: PostgresWorkQueue.Arrival(build: "b1", machine: "gone", workers: 8))
        _ = try await db.sql("UPDATE telltale.queue_arrival SET arrived_at = now() - interval '2 hours' WHERE machine = 'gone'")
        try await db.withClient { client in
            let first = db.queue(client, machine: "a", workers: 2)
            _ = try await first.join(QueueDatabase.listing(60, timed: false))
            #expect(try await first.reserve().count == 5)
            // Once b has joined, its arrival is not counted twice: 55 / (2 × 6) → 5 again.
            let second = db.queue(client, machine: "b", workers: 2)
            _ = try await second.join(QueueDatabase.listing(60, timed: false))
            #expect(try await second.reserve().count == 5)
        }
    }

    /// With past durations a share is in expected seconds alone: at least 20 process start-ups'
    /// worth, but no more than an even part of the open seconds for each worker without a
    /// reservation in progress. 40 units of 5 ms (0.2 s) with start-ups of 20 ms (a floor of
    /// 0.4 s), two workers: half of them (0.1 s) in one reservation, where a share of the count
    /// (or of the seconds, 0.2 / (2 × 2)) would take 10, and the floor alone all 40 while the
    /// other worker waited; then the other worker, the only one free, takes the rest.
    @Test func withDurationsAShareIsAtLeastTwentyStartUpsOrAnEvenPart() async throws {
        let db = try await QueueDatabase.make("floor")
        try await db.withClient { client in
            var queue = db.queue(client, machine: "a", workers: 2)
            queue.minimumShareSeconds = 20 * 0.02
            let tests = (1...40).map { ListedTest(id: TestID("Module.Suite/test\($0)"), framework: .xctest) }
            let durations = Dictionary(uniqueKeysWithValues: tests.map { ($0.id.timingKey, 0.005) })
            let listing = PostgresWorkQueue.Listing(
                digest: PostgresWorkQueue.Listing.digest(of: tests.map(\.id)), commit: "c0ffee", tests: tests.count,
                units: SharedUnitPlanner.plan(tests, durations: durations, wholeClasses: false).units)
            _ = try await queue.join(listing)
            #expect(try await queue.reserve().count == 20)
            #expect(try await queue.reserve().count == 20, "the one free worker's even part: the rest")
        }
    }

    /// With past durations a reservation holds no more than its share of the open expected
    /// seconds (but always one unit); as the queue empties, reservations shrink to one unit.
    @Test func reservationsShrinkToOneUnitAsTheQueueEmpties() async throws {
        let db = try await QueueDatabase.make("shrink")
        try await db.withClient { client in
            let timed = db.queue(client, build: "timed", machine: "a", workers: 2)
            _ = try await timed.join(QueueDatabase.listing(40))
            // 820 s open, a share of 820 / 4 = 205 s: tests 40 to 36 (190 s), and 35 would be 225 s;
            // the count alone would give 10.
            #expect(try await timed.reserve().flatMap(\.tests).map(\.rawValue) == (36...40).reversed().map { "Module.Suite/test\($0)" })

            let untimed = db.queue(client, build: "untimed", machine: "a", workers: 2)
            _ = try await untimed.join(QueueDatabase.listing(60, timed: false))
            var sizes: [Int] = []
            while case let units = try await untimed.reserve(), !units.isEmpty {
                sizes.append(units.count)
                try await untimed.acknowledge(units, results: units.flatMap(\.tests).map { QueueDatabase.result($0, .passed) })
            }
            #expect(sizes.reduce(0, +) == 60)
            #expect(sizes.first == 15)
            #expect(sizes.count < 60)
            #expect(sizes.suffix(4) == [1, 1, 1, 1])
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "\(sizes)")
            #expect(try await untimed.results().count == 60)
        }
    }

    /// A unit of A's reservation whose lease lapsed is taken over on its own: A's
    /// acknowledgement counts its other units and drops that one, noted; each test counts once.
    @Test func eachUnitOfAReservationIsLeasedOnItsOwn() async throws {
        let db = try await QueueDatabase.make("own_lease")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a", workers: 2)
            let b = db.queue(client, machine: "b", workers: 2)
            _ = try await a.join(QueueDatabase.listing(40, timed: false))
            _ = try await b.join(QueueDatabase.listing(40, timed: false))
            let held = try await a.reserve()
            // Two machines of two workers: 40 / (2 × 4) → 5 units.
            try #require(held.count == 5)
            let lapsed = held[1]
            _ = try await db.sql("UPDATE telltale.queue_unit SET lease_expires_at = now() - interval '1 second' WHERE id = \(lapsed.id)")
            let taken = try await b.reserve()
            #expect(taken.map(\.id).contains(lapsed.id))
            #expect(Set(held.map(\.id)).intersection(taken.map(\.id)) == [lapsed.id])
            let counted = try await a.acknowledge(held, results: held.flatMap(\.tests).map { QueueDatabase.result($0, .failed) })
            #expect(counted.map(\.id) == held.map(\.id).filter { $0 != lapsed.id })
            #expect(try await b.acknowledge(taken, results: taken.flatMap(\.tests).map { QueueDatabase.result($0, .passed) }).count == taken.count)
            let results = try await a.results()
            #expect(results.count == held.count + taken.count - 1)
            #expect(results.first { $0.id == lapsed.tests[0] }?.outcome == .passed)
            let notes = try #require(try await a.status()).notes
            #expect(notes.contains { $0.hasPrefix("b: unit \(lapsed.id)'s lease held by a lapsed") })
            #expect(notes.contains { $0.hasPrefix("a: late result from a for unit \(lapsed.id) (attempt 1) dropped") })
        }
    }

    /// A retry and a plan's serial suite are reserved alone, however many units are open.
    @Test func aRetryAndASerialSuiteAreReservedAlone() async throws {
        let db = try await QueueDatabase.make("alone")
        try await db.withClient { client in
            var a = db.queue(client, machine: "a", workers: 1)
            a.retryGrace = 600
            let b = db.queue(client, machine: "b", workers: 1)
            _ = try await a.join(QueueDatabase.listing(30, timed: false, serial: 2))
            _ = try await b.join(QueueDatabase.listing(30, timed: false, serial: 2))
            let serial = try await a.reserve()
            #expect(serial.count == 1)
            #expect(serial.first?.serial == true)
            #expect(serial.first?.tests.count == 2)
            let batch = try await a.reserve()
            try #require(batch.count > 1)
            #expect(batch.allSatisfy { !$0.serial })
            let failure = QueueDatabase.result(batch[0].tests[0], .failed)
            #expect(try await a.retry(batch[0], results: [failure], framework: .xctest, serial: false))
            // B takes the retry (A failed it), ahead of the rest, and alone.
            let retry = try await b.reserve()
            #expect(retry.count == 1)
            #expect(retry.first?.attempt == 2)
            #expect(retry.first?.tests == batch[0].tests)
        }
    }
}
