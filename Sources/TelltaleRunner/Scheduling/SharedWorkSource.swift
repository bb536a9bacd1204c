import TelltaleModel

/// Queue mode's `WorkSource`: each worker reserves its units from a `SharedWorkQueue` (several
/// at a time, run as one batch in one process) and, when it asks for the next batch,
/// acknowledges the last one's units with their tests' results from the ledger. A retried unit's earlier attempts (run here or on another machine) are given to the
/// ledger first, so the result this machine records carries them, and the retry budget
/// (`TestWorker`) counts them.
actor SharedWorkSource: WorkSource {
    private let shared: any SharedWorkQueue
    private let ledger: TestResultLedger
    /// The units each worker is running.
    private var current: [Int: [SharedWorkUnit]] = [:]

    init(shared: any SharedWorkQueue, ledger: TestResultLedger) {
        self.shared = shared
        self.ledger = ledger
    }

    func next(for worker: Int) async throws -> TestBatch? {
        try await finish(worker)
        let units = try await shared.reserve(worker: worker)
        guard let first = units.first else { return nil }
        current[worker] = units
        for unit in units where unit.attempt > 1 { await ledger.adoptEarlierAttempts(try await shared.earlierResults(of: unit)) }
        return TestBatch(framework: first.framework, tests: units.flatMap(\.tests), serial: units.count == 1 && first.serial)
    }

    /// Each unit of the batch whose tests failed queues their retry on its own.
    func retry(_ tests: [TestID], framework: TestFramework, serial: Bool, attempt: Int, worker: Int) async throws {
        for unit in current[worker] ?? [] {
            var results: [TestResult] = []
            for id in tests where unit.tests.contains(id) { if let result = await ledger.result(for: id) { results.append(result) } }
            if !results.isEmpty { try await shared.retry(unit, results: results, framework: framework, serial: serial) }
        }
    }

    /// Acknowledges `worker`'s units, if it has any.
    private func finish(_ worker: Int) async throws {
        guard let units = current.removeValue(forKey: worker) else { return }
        var results: [TestResult] = []
        for id in units.flatMap(\.tests) { if let result = await ledger.result(for: id) { results.append(result) } }
        try await shared.acknowledge(units, results: results)
    }
}
