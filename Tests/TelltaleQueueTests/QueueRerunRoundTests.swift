import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// A CI retry of a failed build (its failed jobs run again with the same build id): each test
/// without a passing result is queued again once for the whole retry, whatever the number of
/// machines joining, for another machine than the one that failed it.
@Suite(.tags(.medium))
struct QueueRerunRoundTests {
    /// `first` drains a build of three tests and fails test2.
    static func failedBuild(_ db: QueueDatabase, _ client: PostgresClient) async throws {
        let first = db.queue(client, machine: "m1")
        _ = try await first.join(QueueDatabase.listing(3))
        while case let units = try await first.reserve(), !units.isEmpty {
            try await first.acknowledge(
                units, results: units.flatMap(\.tests).map { QueueDatabase.result($0, $0.rawValue.hasSuffix("test2") ? .failed : .passed) })
        }
        try await first.finish()
    }

    /// Three machines of the retry join at once (m1, which failed test2, among them): one queues
    /// test2 again, as attempt 2, noted once; the others join that round. m1 does not take it
    /// while another machine is alive; m2 or m3 does. Once it failed again, a machine of the
    /// same retry joining late queues nothing (the build failed); one that took part in the round
    /// joining again is the next retry, and queues it once more.
    @Test func threeMachinesOfARetryQueueAFailureOnceForAnotherMachine() async throws {
        let db = try await QueueDatabase.make("rounds")
        try await db.withClient { client in
            try await Self.failedBuild(db, client)
            let machines = ["m1", "m2", "m3"].map { db.queue(client, machine: $0) }
            let joined = try await withThrowingTaskGroup(of: (String, PostgresWorkQueue.Joined).self) { group in
                for machine in machines { group.addTask { (machine.machine, try await machine.join(QueueDatabase.listing(3))) } }
                return try await group.reduce(into: [String: PostgresWorkQueue.Joined]()) { $0[$1.0] = $1.1 }
            }
            #expect(joined.values.filter { $0 == .rerun(units: 1) }.count == 1, "\(joined)")
            #expect(joined.values.filter { $0 == .joined(filledBy: "m1") }.count == 2, "\(joined)")
            #expect(
                try await db.sql("SELECT tests, attempt, avoid_machine FROM telltale.queue_unit WHERE state = 'pending'")
                    == "Module.Suite/test2|2|m1\n")
            #expect(try await machines[0].reserve().isEmpty, "m1 failed it; m2 and m3 are alive")
            let unit = try #require(try await machines[1].reserve().first)
            #expect(unit.tests == [TestID("Module.Suite/test2")] && unit.attempt == 2)
            #expect(try await machines[2].reserve().isEmpty)
            try await machines[1].acknowledge(unit, results: [QueueDatabase.result(unit.tests[0], .failed)])
            for machine in machines { try await machine.finish() }

            // A machine of this retry that joins once the round is over: the build failed, nothing to run.
            #expect(try await db.queue(client, machine: "m4").join(QueueDatabase.listing(3)) == .drainedFailing(tests: 1))
            #expect(try await db.sql("SELECT count(*) FROM telltale.queue_note WHERE text LIKE 're-run of a drained build%'") == "1\n")
            // The next retry: m2 took part in this round, so it starts the next, once.
            #expect(try await db.queue(client, machine: "m2").join(QueueDatabase.listing(3)) == .rerun(units: 1))
            #expect(try await db.queue(client, machine: "m3").join(QueueDatabase.listing(3)) == .joined(filledBy: "m1"))
            #expect(
                try await db.sql("SELECT tests, attempt, avoid_machine FROM telltale.queue_unit WHERE state = 'pending'")
                    == "Module.Suite/test2|3|m2\n")
            #expect(try await db.sql("SELECT round FROM telltale.queue_build") == "2\n")
        }
    }
}
