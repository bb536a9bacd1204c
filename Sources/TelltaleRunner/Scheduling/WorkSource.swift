import TelltaleModel

/// Where a worker gets its next batch: the run's own `WorkQueue`, or a queue several machines
/// share (`SharedWorkSource`, queue mode). The rest of the runner (workers, processes, the
/// ledger) is the same either way.
protocol WorkSource: Sendable {
    /// The next batch for `worker`; nil once no work can come. Asking again means the last one is over.
    func next(for worker: Int) async throws -> TestBatch?
    /// Failing tests' next attempt, `attempt` (from 2), of a batch `worker` ran.
    func retry(_ tests: [TestID], framework: TestFramework, serial: Bool, attempt: Int, worker: Int) async throws
}

extension WorkQueue: WorkSource {
    func retry(_ tests: [TestID], framework: TestFramework, serial: Bool, attempt: Int, worker: Int) async throws {
        retry(tests, framework: framework, serial: serial)
    }
}
