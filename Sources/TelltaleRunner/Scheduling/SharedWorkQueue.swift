import TelltaleModel

/// A queue of work units several machines share (`telltale run --queue`): each worker reserves
/// units, each with a lease of its own, runs them in one test process, and acknowledges them
/// with their results. TelltaleQueue keeps one in PostgreSQL; the runner sees only this.
package protocol SharedWorkQueue: Sendable {
    /// The next units for `worker`, to run together (one framework; a retry or a serial suite
    /// alone), waiting while other machines hold leases whose units may come back (a lapsed
    /// lease, a retry); none once the queue is drained.
    func reserve(worker: Int) async throws -> [SharedWorkUnit]
    /// `units` are over: each is acknowledged with its own tests' results (of `results`, each
    /// test's latest). A unit whose lease lapsed and was taken over is not counted (the queue
    /// notes it).
    func acknowledge(_ units: [SharedWorkUnit], results: [TestResult]) async throws
    /// `results` failed with a retry left: they are recorded as `unit`'s attempt now, and their
    /// next attempt is queued, for another machine when one is free.
    func retry(_ unit: SharedWorkUnit, results: [TestResult], framework: TestFramework, serial: Bool) async throws
    /// The earlier attempts' results of a retried unit's tests (`unit.attempt` > 1), so this
    /// machine's results carry them as a retry run here would.
    func earlierResults(of unit: SharedWorkUnit) async throws -> [TestResult]
}

/// Tests that run together on one machine: an XCTest test, a Swift Testing suite (under one
/// variant), or a plan's serial suite; with `attempt` > 1, failures queued again for a retry.
package struct SharedWorkUnit: Sendable, Hashable {
    package var id: Int
    package var framework: TestFramework
    package var tests: [TestID]
    package var serial: Bool
    package var attempt: Int
    /// The reservation's own token: an acknowledgement counts only with the lease it was given.
    package var lease: Int64

    package init(id: Int, framework: TestFramework, tests: [TestID], serial: Bool, attempt: Int, lease: Int64) {
        self.id = id
        self.framework = framework
        self.tests = tests
        self.serial = serial
        self.attempt = attempt
        self.lease = lease
    }
}
