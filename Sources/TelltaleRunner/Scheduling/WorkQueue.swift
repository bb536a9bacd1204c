import TelltaleModel

/// The tests still to hand out to workers.
///
/// Guided self-scheduling: a worker that asks gets a share of what is left,
/// `remaining / (2 × workers)`, so early chunks are big (few process start-ups)
/// and the last ones small (workers finish together). A unit is one XCTest test,
/// or one top-level Swift Testing suite, whose `.serialized` trait must keep its
/// tests in one process. A plan's serial suites are handed out whole, before
/// anything else, as they are the longest items.
///
/// With past durations (`estimates`), units go longest first, whichever framework
/// they belong to, and a share is measured in expected seconds rather than units: a
/// long test starts at once instead of late in a chunk, where it would keep one
/// worker busy after the others finish. Without them, units go in id order.
actor WorkQueue {
    private var serialBatches: [TestBatch]
    private var units: [TestFramework: [[TestID]]]
    private let workers: Int
    private let estimates: DurationEstimates?

    init(tests: [ListedTest], limits: TimeLimits, workers: Int, estimates: DurationEstimates? = nil) {
        self.workers = max(1, workers)
        self.estimates = estimates
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
        if let estimates {
            for framework in TestFramework.allCases {
                units[framework] = units[framework]?.map { unit in (unit, Self.seconds(unit, estimates)) }
                    .sorted { a, b in a.1 != b.1 ? a.1 > b.1 : a.0[0] < b.0[0] }
                    .map(\.0)
            }
        }
        self.units = units
    }

    private static func seconds(_ unit: [TestID], _ estimates: DurationEstimates) -> Double {
        unit.reduce(0) { $0 + estimates.seconds($1) }
    }

    /// The next batch for a worker, or nil when everything has been handed out.
    func next() -> TestBatch? {
        if !serialBatches.isEmpty { return serialBatches.removeFirst() }
        if workers > 1, let estimates { return nextLongestFirst(estimates) }
        guard let framework = TestFramework.allCases.first(where: { !(units[$0]?.isEmpty ?? true) }) else { return nil }
        let available = units[framework]!
        let remaining = units.values.reduce(0) { $0 + $1.count }
        // One worker: one process per framework, exactly as `swift test` runs them.
        let share = workers == 1 ? available.count : (remaining + 2 * workers - 1) / (2 * workers)
        let taken = available.prefix(max(1, share))
        units[framework] = Array(available.dropFirst(taken.count))
        return TestBatch(framework: framework, tests: taken.flatMap { $0 })
    }

    /// The framework whose next unit is longest, and from it units until the batch holds
    /// its share of the expected time left: at least one unit.
    private func nextLongestFirst(_ estimates: DurationEstimates) -> TestBatch? {
        let heads = TestFramework.allCases.compactMap { framework in
            units[framework]?.first.map { (framework, Self.seconds($0, estimates)) }
        }
        guard let framework = heads.max(by: { $0.1 < $1.1 })?.0 else { return nil }
        let remaining = units.values.joined().reduce(0) { $0 + Self.seconds($1, estimates) }
        let share = remaining / Double(2 * workers)
        var available = units[framework]!
        var taken: [[TestID]] = []
        var seconds = 0.0
        while let unit = available.first, taken.isEmpty || seconds + Self.seconds(unit, estimates) <= share {
            taken.append(unit)
            seconds += Self.seconds(unit, estimates)
            available.removeFirst()
        }
        units[framework] = available
        return TestBatch(framework: framework, tests: taken.flatMap { $0 })
    }
}
