import TelltaleModel

/// The tests still to hand out to workers.
///
/// Guided self-scheduling: a worker that asks gets a share of what is left,
/// `remaining / (2 × workers)` units, so early chunks are big (few process
/// start-ups) and the last ones small (workers finish together). A unit is one
/// XCTest test, or one top-level Swift Testing suite, whose `.serialized` trait
/// must keep its tests in one process. A plan's serial suites are handed out
/// whole, before anything else, as they are the longest items.
actor WorkQueue {
    private var serialBatches: [TestBatch]
    private var units: [TestFramework: [[TestID]]]
    private let workers: Int

    init(tests: [ListedTest], limits: TimeLimits, workers: Int) {
        self.workers = max(1, workers)
        var serial: [String: [ListedTest]] = [:]
        var pooled: [ListedTest] = []
        for test in tests {
            if let group = limits.settings(for: test.id).serialGroup {
                serial[group, default: []].append(test)
            } else {
                pooled.append(test)
            }
        }
        serialBatches = serial.keys.sorted().flatMap { group in
            TestFramework.allCases.compactMap { framework -> TestBatch? in
                let ids = serial[group]!.filter { $0.framework == framework }.map(\.id)
                return ids.isEmpty ? nil : TestBatch(framework: framework, tests: ids, serial: true)
            }
        }
        var units: [TestFramework: [[TestID]]] = [:]
        for framework in TestFramework.allCases {
            let ids = pooled.filter { $0.framework == framework }.map(\.id).sorted()
            switch framework {
            case .xctest:
                units[framework] = ids.map { [$0] }
            case .swiftTesting:
                let groups = Dictionary(grouping: ids) { "\($0.module).\($0.components.first ?? "")" }
                units[framework] = groups.keys.sorted().map { groups[$0]! }
            }
        }
        self.units = units
    }

    /// The next batch for a worker, or nil when everything has been handed out.
    func next() -> TestBatch? {
        if !serialBatches.isEmpty { return serialBatches.removeFirst() }
        guard let framework = TestFramework.allCases.first(where: { !(units[$0]?.isEmpty ?? true) }) else { return nil }
        let available = units[framework]!
        let remaining = units.values.reduce(0) { $0 + $1.count }
        // One worker: one process per framework, exactly as `swift test` runs them.
        let share = workers == 1 ? available.count : (remaining + 2 * workers - 1) / (2 * workers)
        let taken = available.prefix(max(1, share))
        units[framework] = Array(available.dropFirst(taken.count))
        return TestBatch(framework: framework, tests: taken.flatMap { $0 })
    }
}
