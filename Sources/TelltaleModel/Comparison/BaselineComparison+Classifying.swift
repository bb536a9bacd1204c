/// The classifier: a run's record against the base's run, a pure function of the two.
extension BaselineComparison {
    /// A test is much slower only when it also lost this much: a 2 ms test taking 5 ms is noise
    /// (the history's "slower than usual" has the same floor).
    package static let slowFloor = 0.1

    /// Each test of `record` classed against `baseline`, matched by `TestID.timingKey` (JUnit's
    /// `classname/name`, so a JUnit file names a test as run.json does); for a baseline read from
    /// JUnit (another tool's, for a team moving from another framework), the rest then by the
    /// suite's last part and the name, then by the name alone, where each is unique on both sides.
    /// A base test the record lacks was removed, unless the record is part of the tests
    /// (`subset`: a shard, `--changed`, a filter, a queue machine's share): then it was not run here.
    package init(comparing record: RunRecord, with baseline: Baseline, subset: CoverageSubset?) {
        let matched = Self.match(record.tests.map(\.id), baseline.tests, loosely: baseline.matchesLoosely)
        var tests: [String: TestComparison] = [:]
        for (index, test) in record.tests.enumerated() {
            if let change = Self.classify(test, base: matched.base[index]) { tests[test.id.rawValue] = change }
        }
        let unmatched = baseline.tests.indices.filter { !matched.used.contains($0) }.map { baseline.tests[$0].id.rawValue }.sorted()
        let whole = subset == nil
        self.init(
            baseline: baseline.source, tests: tests, removed: whole ? unmatched : [], notRun: whole ? 0 : unmatched.count, subset: subset)
    }

    /// What `test` did against its base result (nil: the base did not have it); nil when it did as there.
    static func classify(_ test: TestResult, base: BaselineTest?) -> TestComparison? {
        guard let base else {
            return TestComparison(change: test.outcome.isFailure ? .newFailure : .newTest, base: nil)
        }
        if test.outcome.isFailure {
            return TestComparison(change: base.outcome.isFailure ? .stillFailing : .newFailure, base: base.outcome)
        }
        guard test.outcome == .passed else { return nil }
        if base.outcome.isFailure { return TestComparison(change: .fixed, base: base.outcome) }
        if test.isFlaky, !base.flaky { return TestComparison(change: .newlyFlaky, base: base.outcome) }
        if isMuchSlower(test.duration, than: base.durations) {
            return TestComparison(change: .slower, base: base.outcome, baseDuration: base.durations.median)
        }
        return nil
    }

    /// Fewer runs of a test on the base say nothing of its spread (one run's 1 ms may be the next
    /// one's 100 ms, the first test of a process on a busy machine): it is not judged slower.
    package static let spreadRuns = 3

    /// Beyond the base's recorded spread: with at least `spreadRuns` runs of it there, more than
    /// twice its median, longer than its slowest, and by at least `slowFloor`.
    package static func isMuchSlower(_ duration: Double, than durations: [Double]) -> Bool {
        guard durations.count >= spreadRuns, let slowest = durations.max() else { return false }
        let median = durations.median
        return duration > 2 * median && duration > slowest && duration - median >= slowFloor
    }

    /// For each of `ids` (by index), its base test, and which base tests were taken. A parameterized
    /// test that a JUnit file split into argument cases (`fn(_:) [3]`) is matched to its cases taken
    /// together: failing when one failed.
    static func match(_ ids: [TestID], _ base: [BaselineTest], loosely: Bool) -> (base: [Int: BaselineTest], used: Set<Int>) {
        var found: [Int: BaselineTest] = [:]
        var used: Set<Int> = []
        var pending = Array(ids.indices)
        // Ids are unique in a record; a base (a JUnit file) may repeat one: the first counts.
        var byKey: [String: Int] = [:]
        for (index, test) in base.enumerated() where byKey[test.id.timingKey] == nil { byKey[test.id.timingKey] = index }
        pending.removeAll { index in
            guard let match = byKey[ids[index].timingKey] else { return false }
            found[index] = base[match]
            used.insert(match)
            return true
        }
        // Argument cases of one test: `Suite/fn(_:) [3]` read back from JUnit as a variant of it.
        var cases: [String: [Int]] = [:]
        for (index, test) in base.enumerated() where !used.contains(index) && test.id.variant != nil {
            cases[test.id.withoutVariant.timingKey, default: []].append(index)
        }
        pending.removeAll { index in
            guard ids[index].variant == nil, let group = cases[ids[index].timingKey] else { return false }
            found[index] = combined(group.map { base[$0] }, as: ids[index])
            used.formUnion(group)
            return true
        }
        for key in loosely ? [Self.shortKey, { $0.listedName }] as [(TestID) -> String] : [] {
            let free = base.indices.filter { !used.contains($0) }
            let baseByKey = Dictionary(grouping: free) { key(base[$0].id) }
            let ownByKey = Dictionary(grouping: pending) { key(ids[$0]) }
            for (name, own) in ownByKey where own.count == 1 {
                guard let candidates = baseByKey[name], candidates.count == 1 else { continue }
                found[own[0]] = base[candidates[0]]
                used.insert(candidates[0])
                pending.removeAll { $0 == own[0] }
            }
        }
        return (found, used)
    }

    /// `Class/testMethod`: the suite's last part and the name, without the module, which tools
    /// that do not know Swift's modules leave out of JUnit's `classname`.
    static func shortKey(_ id: TestID) -> String {
        "\(id.suiteName.split(separator: ".").last.map(String.init) ?? "")/\(id.listedName)"
    }

    /// A test's argument cases as one base result: failing when one failed, skipped when all were.
    static func combined(_ cases: [BaselineTest], as id: TestID) -> BaselineTest {
        let outcome: TestOutcome =
            cases.contains { $0.outcome.isFailure }
            ? (cases.contains { $0.outcome == .failed } ? .failed : .error)
            : cases.allSatisfy { $0.outcome == .skipped } ? .skipped : .passed
        let duration = cases.reduce(0) { $0 + $1.duration }
        return BaselineTest(id: id, outcome: outcome, flaky: cases.contains(where: \.flaky), duration: duration)
    }
}
