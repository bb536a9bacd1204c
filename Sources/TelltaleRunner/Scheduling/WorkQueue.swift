import TelltaleModel

/// The tests still to hand out to workers.
///
/// Guided self-scheduling: a worker that asks gets a share of what is left,
/// `remaining / (2 × workers)`, so early chunks are big (few process start-ups)
/// and the last ones small (workers finish together). A unit is what must run together
/// (`TestUnits`): an XCTest class whole in its order, as `swift test` runs it, or a top-level
/// Swift Testing suite, whose `.serialized` trait must keep its tests in one process; a class
/// past durations say is long is cut into parts, with a note (`notes`). A plan's serial suites
/// are handed out whole, before anything else, as they are the longest items.
///
/// With past durations (`estimates`), units go longest first, whichever framework
/// they belong to, and a share is measured in expected seconds rather than units: a
/// long test starts at once instead of late in a chunk, where it would keep one
/// worker busy after the others finish. Without them, units go in id order.
///
/// With `priorities` (from the history: tests that failed in the last run, then recently flaky
/// ones), those units go before all others, so a run learns soonest what is likely to fail.
///
/// Where a test process is dear to start (`processStartCost`: `swift test` loads the package
/// each time), batches are coarser: a share is at least 20 start-ups' worth of expected
/// seconds, so start-ups stay under 5% of the work, and without past durations each worker
/// gets an equal part of the tests at once.
///
/// With a `seed` (`--shuffle`), the order is drawn from it instead, and an XCTest test is a unit
/// of its own (finding order dependencies is what a shuffled run is for): the order of each framework's
/// units, of the plan's serial suites and of the frameworks, so which tests share a process and
/// the order batches are handed out in depend on the seed, the selection and the worker count
/// only (past durations and priorities are left out: they would make the order depend on the
/// history too). Inside a process the framework orders the tests (see Docs/Flaky.md).
///
/// Retries (`retry`) go ahead of everything else, one unit a batch so they spread over the
/// free workers: a failing test runs again as soon as a worker is free, and `--fail-fast`
/// learns it failed for good without waiting for the rest of the pass. Workers ask with
/// `next(for:)`, which waits while the queue is empty but another worker is still running a
/// batch (its failures may still come back as retries), and says nil once no work can come.
actor WorkQueue {
    private var retryBatches: [TestBatch] = []
    /// Workers running a batch they took; a worker asking again has finished its last one.
    private var busy: Set<Int> = []
    private var waiting: [(worker: Int, continuation: CheckedContinuation<TestBatch?, Never>)] = []
    private var serialBatches: [TestBatch]
    private var units: [TestFramework: [[TestID]]]
    private let workers: Int
    private let estimates: DurationEstimates?
    /// By test: lower starts earlier; tests without one come after every test with one.
    private let priorities: [TestID: Int]
    /// Seconds to start one test process (see `TestLauncher.processStartCost`).
    private let processStartCost: Double
    /// Without past durations and with dear start-ups: each worker's equal part, in units.
    private var equalPart: Int?
    /// The order frameworks' batches go in when both have work (drawn from a seed, if any).
    private let frameworks: [TestFramework]
    /// Classes cut into parts because past durations say they are long (`TestUnits.splittingLong`).
    nonisolated let notes: [String]

    /// At or above this start-up cost, batches without past durations are one per worker.
    static let dearStart = 0.1

    init(
        tests: [ListedTest], limits: TimeLimits, workers: Int, estimates: DurationEstimates? = nil, priorities: [String: Int] = [:],
        processStartCost: Double = 0, seed: Int? = nil, wholeClasses: Bool = true
    ) {
        self.workers = max(1, workers)
        let estimates = seed == nil ? estimates : nil
        self.estimates = estimates
        self.processStartCost = processStartCost
        var ranks: [TestID: Int] = [:]
        if !priorities.isEmpty, seed == nil {
            for test in tests { if let rank = priorities[test.id.timingKey] { ranks[test.id] = rank } }
        }
        self.priorities = ranks
        var serial: [String: [ListedTest]] = [:]
        var pooled: [ListedTest] = []
        for test in tests {
            if let group = limits.settings(for: test.id).serialGroup {
                serial[group, default: []].append(test)
            } else {
                pooled.append(test)
            }
        }
        var serialBatches = serial.keys.sorted().flatMap { group in
            TestFramework.allCases.compactMap { framework -> TestBatch? in
                let ids = serial[group]!.filter { $0.framework == framework }.map(\.id)
                return ids.isEmpty ? nil : TestBatch(framework: framework, tests: ids, serial: true)
            }
        }
        var units: [TestFramework: [[TestID]]] = [:]
        var notes: [String] = []
        for framework in TestFramework.allCases {
            let whole = TestUnits.of(
                pooled.filter { $0.framework == framework }.map(\.id), framework: framework, wholeClasses: wholeClasses && seed == nil)
            let sized = TestUnits.splittingLong(whole, framework: framework, estimates: estimates, parallelism: self.workers)
            units[framework] = sized.units
            notes += sized.notes
        }
        self.notes = notes
        var frameworks = TestFramework.allCases
        if let seed {
            var generator = ShuffleGenerator(seed: seed)
            serialBatches = generator.shuffled(serialBatches)
            for framework in TestFramework.allCases { units[framework] = generator.shuffled(units[framework] ?? []) }
            frameworks = generator.shuffled(frameworks)
        }
        self.serialBatches = serialBatches
        self.frameworks = frameworks
        if estimates != nil || !ranks.isEmpty {
            for framework in TestFramework.allCases {
                let keyed: [(unit: [TestID], rank: Int, seconds: Double)] = (units[framework] ?? []).map { unit in
                    (unit, Self.rank(unit, ranks), estimates.map { Self.seconds(unit, $0) } ?? 0)
                }
                units[framework] = keyed.sorted { a, b in
                    if a.rank != b.rank { return a.rank < b.rank }
                    if a.seconds != b.seconds { return a.seconds > b.seconds }
                    return a.unit[0] < b.unit[0]
                }
                .map(\.unit)
            }
        }
        self.units = units
        if estimates == nil, processStartCost >= Self.dearStart {
            let total = units.values.reduce(0) { $0 + $1.count }
            equalPart = (total + self.workers - 1) / self.workers
        }
    }

    /// A unit's rank is its most urgent test's; `Int.max` for none.
    private static func rank(_ unit: [TestID], _ ranks: [TestID: Int]) -> Int {
        unit.compactMap { ranks[$0] }.min() ?? Int.max
    }

    private static func seconds(_ unit: [TestID], _ estimates: DurationEstimates) -> Double {
        unit.reduce(0) { $0 + estimates.seconds($1) }
    }

    /// The next batch for `worker`, waiting while others run batches whose failures may come
    /// back as retries; nil once everything ran (or the task is cancelled).
    func next(for worker: Int) async -> TestBatch? {
        busy.remove(worker)
        if let batch = next() {
            busy.insert(worker)
            return batch
        }
        guard !busy.isEmpty else {
            finish()
            return nil
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume(returning: nil) }
                waiting.append((worker, continuation))
            }
        } onCancel: {
            Task { await self.stopWaiting(worker) }
        }
    }

    /// Failing tests' next attempt, ahead of everything not yet handed out: a batch a unit (a
    /// class's failures in its order, a Swift Testing suite's), so free workers take them at
    /// once, side by side.
    func retry(_ tests: [TestID], framework: TestFramework, serial: Bool) {
        let units = serial ? [tests] : TestUnits.of(tests, framework: framework)
        retryBatches += units.map { TestBatch(framework: framework, tests: $0, serial: serial) }
        while !waiting.isEmpty, let batch = next() {
            let waiter = waiting.removeFirst()
            busy.insert(waiter.worker)
            waiter.continuation.resume(returning: batch)
        }
    }

    /// No work is left and no worker can add any: every waiting worker stops.
    private func finish() {
        for waiter in waiting { waiter.continuation.resume(returning: nil) }
        waiting.removeAll()
    }

    private func stopWaiting(_ worker: Int) {
        guard let index = waiting.firstIndex(where: { $0.worker == worker }) else { return }
        waiting.remove(at: index).continuation.resume(returning: nil)
    }

    /// The next batch, or nil when everything has been handed out (retries first).
    func next() -> TestBatch? {
        if !retryBatches.isEmpty { return retryBatches.removeFirst() }
        if !serialBatches.isEmpty { return serialBatches.removeFirst() }
        if workers > 1, let estimates { return nextLongestFirst(estimates) }
        // The framework whose next unit is most urgent; then the first one with work left.
        let waiting = frameworks.filter { !(units[$0]?.isEmpty ?? true) }
        guard let framework = waiting.min(by: { Self.rank(units[$0]![0], priorities) < Self.rank(units[$1]![0], priorities) })
        else { return nil }
        let available = units[framework]!
        let remaining = units.values.reduce(0) { $0 + $1.count }
        // One worker: one process per framework, exactly as `swift test` runs them. Dear
        // start-ups: an equal part per worker; otherwise guided self-scheduling.
        let share = workers == 1 ? available.count : equalPart ?? (remaining + 2 * workers - 1) / (2 * workers)
        let taken = available.prefix(max(1, share))
        units[framework] = Array(available.dropFirst(taken.count))
        return TestBatch(framework: framework, tests: taken.flatMap { $0 })
    }

    /// The framework whose next unit is longest, and from it units until the batch holds
    /// its share of the expected time left: at least one unit.
    ///
    /// The share is guided self-scheduling's (half an even part per worker), at least 20
    /// start-ups' worth so short tests do not each pay a process, but never more than an even
    /// part of what is left for each worker not running a batch: otherwise the floor hands the
    /// last of the work to one worker while the others wait (100 tests of 0.1 s with 0.5 s
    /// start-ups went in one batch of 10 s, the other worker idle). Queue mode's reservations
    /// follow the same rule across machines (`PostgresWorkQueue.reserve`).
    private func nextLongestFirst(_ estimates: DurationEstimates) -> TestBatch? {
        let heads = TestFramework.allCases.compactMap { framework in
            units[framework]?.first.map { (framework, Self.rank($0, priorities), Self.seconds($0, estimates)) }
        }
        // The most urgent head, then the longest.
        guard let framework = heads.max(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 })?.0 else { return nil }
        let remaining = units.values.joined().reduce(0) { $0 + Self.seconds($1, estimates) }
        let free = max(1, workers - busy.count)
        let share = max(remaining / Double(2 * workers), min(20 * processStartCost, remaining / Double(free)))
        // Sums of estimates carry rounding (50 × 0.1 is 5.000000000000001): a unit that fills
        // the share exactly still fits.
        let limit = share * (1 + 1e-9)
        var available = units[framework]!
        var taken: [[TestID]] = []
        var seconds = 0.0
        while let unit = available.first, taken.isEmpty || seconds + Self.seconds(unit, estimates) <= limit {
            taken.append(unit)
            seconds += Self.seconds(unit, estimates)
            available.removeFirst()
        }
        units[framework] = available
        return TestBatch(framework: framework, tests: taken.flatMap { $0 })
    }
}
