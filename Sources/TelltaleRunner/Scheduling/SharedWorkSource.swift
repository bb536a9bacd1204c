import TelltaleModel

/// Queue mode's `WorkSource`: each worker reserves its units from a `SharedWorkQueue` and,
/// when it asks for the next one, acknowledges the last with its tests' results from the
/// ledger. A retried unit's earlier attempts (run here or on another machine) are given to the
/// ledger first, so the result this machine records carries them, and the retry budget
/// (`TestWorker`) counts them.
actor SharedWorkSource: WorkSource {
    private let shared: any SharedWorkQueue
    private let ledger: TestResultLedger
    /// The unit each worker is running.
    private var current: [Int: SharedWorkUnit] = [:]

    init(shared: any SharedWorkQueue, ledger: TestResultLedger) {
        self.shared = shared
        self.ledger = ledger
    }

    func next(for worker: Int) async throws -> TestBatch? {
        try await finish(worker)
        guard let unit = try await shared.reserve(worker: worker) else { return nil }
        current[worker] = unit
        if unit.attempt > 1 { await ledger.adoptEarlierAttempts(try await shared.earlierResults(of: unit)) }
        return TestBatch(framework: unit.framework, tests: unit.tests, serial: unit.serial)
    }

    func retry(_ tests: [TestID], framework: TestFramework, serial: Bool, attempt: Int, worker: Int) async throws {
        guard let unit = current[worker] else { return }
        var results: [TestResult] = []
        for id in tests { if let result = await ledger.result(for: id) { results.append(result) } }
        try await shared.retry(unit, results: results, framework: framework, serial: serial)
    }

    /// Acknowledges `worker`'s unit, if it has one.
    private func finish(_ worker: Int) async throws {
        guard let unit = current.removeValue(forKey: worker) else { return }
        var results: [TestResult] = []
        for id in unit.tests { if let result = await ledger.result(for: id) { results.append(result) } }
        try await shared.acknowledge(unit, results: results)
    }
}
