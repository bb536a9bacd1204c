import TelltaleModel

/// A queue of work units several machines share (`telltale run --queue`): each reserves a unit
/// with a lease, runs it, and acknowledges it with its results. TelltaleQueue keeps one in
/// PostgreSQL; the runner sees only this.
public protocol SharedWorkQueue: Sendable {
    /// The next unit for `worker`, waiting while other machines hold leases whose units may
    /// come back (a lapsed lease, a retry); nil once the queue is drained.
    func reserve(worker: Int) async throws -> SharedWorkUnit?
    /// `unit` is over: its tests' results (each test's latest). A unit whose lease lapsed and
    /// was taken over is not counted (the queue notes it).
    func acknowledge(_ unit: SharedWorkUnit, results: [TestResult]) async throws
    /// `results` failed with a retry left: they are recorded as `unit`'s attempt now, and their
    /// next attempt is queued, for another machine when one is free.
    func retry(_ unit: SharedWorkUnit, results: [TestResult], framework: TestFramework, serial: Bool) async throws
    /// The earlier attempts' results of a retried unit's tests (`unit.attempt` > 1), so this
    /// machine's results carry them as a retry run here would.
    func earlierResults(of unit: SharedWorkUnit) async throws -> [TestResult]
}

/// Tests that run together on one machine: an XCTest test, a Swift Testing suite (under one
/// variant), or a plan's serial suite; with `attempt` > 1, failures queued again for a retry.
public struct SharedWorkUnit: Sendable, Hashable {
    public var id: Int
    public var framework: TestFramework
    public var tests: [TestID]
    public var serial: Bool
    public var attempt: Int
    /// The reservation's own token: an acknowledgement counts only with the lease it was given.
    public var lease: Int64

    public init(id: Int, framework: TestFramework, tests: [TestID], serial: Bool, attempt: Int, lease: Int64) {
        self.id = id
        self.framework = framework
        self.tests = tests
        self.serial = serial
        self.attempt = attempt
        self.lease = lease
    }
}
