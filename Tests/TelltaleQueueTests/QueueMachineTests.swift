import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport
import Testing

/// A machine of a build as the others and `queue report` see it: its name its own while it
/// runs, alive until it finishes, what its bisections found kept with its results.
@Suite(.tags(.medium))
struct QueueMachineTests {
    /// A second process under the name of a machine that is still running is refused, naming
    /// the machine; once that machine has finished (or it was this same process), the name is free.
    @Test func aNameInUseByARunningMachineIsRefused() async throws {
        let db = try await QueueDatabase.make("name")
        try await db.withClient { client in
            let running = db.queue(client, machine: "m1")
            _ = try await running.join(QueueDatabase.listing(2))
            let error = await #expect(throws: QueueError.self) { try await db.queue(client, machine: "m1").join(QueueDatabase.listing(2)) }
            #expect(error?.kind == .machineNameInUse)
            #expect(
                error?.message.contains("machine name m1 is in use by another process that is still running") == true, "\(String(describing: error))")
            #expect(try await running.join(QueueDatabase.listing(2)) == .joined(filledBy: "m1"), "the same process may join again")
            try await running.finish()
            #expect(try await db.queue(client, machine: "m1").join(QueueDatabase.listing(2)) == .joined(filledBy: "m1"))
        }
    }

    /// A retry waits for another machine as long as one is alive and running, however long it
    /// was queued (no grace timer); once the other machine has finished, the failing one takes it.
    @Test func aRetryWaitsForAnotherRunningMachineWithoutATimer() async throws {
        let db = try await QueueDatabase.make("retry_wait")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a")
            let b = db.queue(client, machine: "b")
            _ = try await a.join(QueueDatabase.listing(1))
            _ = try await b.join(QueueDatabase.listing(1))
            let unit = try #require(try await a.reserve().first)
            #expect(try await a.retry(unit, results: [QueueDatabase.result(unit.tests[0], .failed)], framework: .xctest, serial: false))
            try await a.acknowledge(unit, results: [QueueDatabase.result(unit.tests[0], .failed)])
            _ = try await db.sql("UPDATE telltale.queue_unit SET queued_at = now() - interval '1 hour'")
            #expect(try await a.reserve().isEmpty, "b is alive: the retry is b's")
            try await b.finish()
            #expect(try await a.reserve().first?.attempt == 2, "b has finished: a takes its own retry")
        }
    }

    /// The build's state says which machines still run: a drained build is settled only once
    /// they have finished (or lapsed).
    @Test func aDrainedBuildIsSettledOnceItsMachinesHaveFinished() async throws {
        let db = try await QueueDatabase.make("settled")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a")
            _ = try await a.join(QueueDatabase.listing(1))
            _ = try await QueueDatabase.drain(QueueSession(queue: a), worker: 1)
            let drained = try #require(try await a.status())
            #expect(drained.isDrained && !drained.isSettled)
            #expect(drained.running == ["a"])
            try await a.finish()
            #expect(try await a.status()?.isSettled == true)
        }
    }

    /// An order dependency a machine bisected after the queue drained joins its last attempt's
    /// result, which the build's results then carry.
    @Test func aFindingJoinsTheMachinesLastAttempt() async throws {
        let db = try await QueueDatabase.make("findings")
        try await db.withClient { client in
            let a = db.queue(client, machine: "a")
            _ = try await a.join(QueueDatabase.listing(2))
            while case let units = try await a.reserve(), !units.isEmpty {
                try await a.acknowledge(units, results: units.flatMap(\.tests).map { QueueDatabase.result($0, .failed) })
            }
            let test = TestID("Module.Suite/test2")
            let dependency = OrderDependency(
                kind: .brittle, verdict: .found, tests: [TestID("Module.Suite/test1")], process: "s/p1", predecessors: 1, runs: 2, seconds: 0.2)
            try await a.recordOrderDependencies([test: dependency, TestID("Module.Other/none"): dependency])
            let results = try await a.results()
            #expect(results.first { $0.id == test }?.orderDependency == dependency)
            #expect(results.first { $0.id != test }?.orderDependency == nil)
        }
    }
}
