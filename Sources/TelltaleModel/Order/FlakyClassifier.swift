import Foundation

/// Why a flaky test is flaky, from its runs alone: a pure function over observations, so one
/// run's attempts (`--repeat`, retries) and a history's results are judged alike.
///
/// A test is flaky here when some runs passed and some failed (skips aside). Its cause, in this
/// order of evidence:
/// 1. **order-dependent**: a bisection found its polluters or state-setters (`OrderDependency`);
/// 2. **slow when failing**: every failure took longer than every pass, by a margin (twice the
///    passes' median and 50 ms more than their longest), and that the failures are exactly the
///    longest runs is unlikely by chance (1 in C(runs, failures) ≤ 5%);
/// 3. **machine-, variant- or worker-specific**: every failure on one machine (variant, worker),
///    some runs passing on another, and all failures landing there unlikely by chance (groups ×
///    (its share of the runs)^failures ≤ 5%);
/// 4. **unexplained**: none of these.
/// Two failures at least for any pattern: one failure is no cluster.
package enum FlakyClassifier {
    /// The chance a pattern may have of arising at random and still count.
    static let chanceLimit = 0.05
    static let minimumFailures = 2
    static let slowMargin = 0.05

    package static func classify(_ observations: [AttemptObservation], orderDependency: OrderDependency? = nil) -> FlakyCause? {
        let counted = observations.filter { $0.outcome != .skipped }
        let failures = counted.filter { $0.outcome.isFailure }
        let passes = counted.filter { $0.outcome == .passed }
        guard !failures.isEmpty, !passes.isEmpty else { return nil }
        if let orderDependency, orderDependency.verdict == .found {
            return FlakyCause(kind: .orderDependent, evidence: orderDependency.summary)
        }
        if let slow = slowWhenFailing(failures: failures, passes: passes) { return slow }
        let groupings: [(FlakyCause.Kind, String, (AttemptObservation) -> String?)] = [
            (.machineSpecific, "machine", { $0.machine }),
            (.variantSpecific, "variant", { $0.variant }),
            (.workerSpecific, "worker", { $0.worker.map(String.init) }),
        ]
        for (kind, noun, key) in groupings {
            if let cause = confined(counted, failures: failures, kind: kind, noun: noun, key: key) { return cause }
        }
        var evidence = "failed \(failures.count) of \(counted.count) runs, with no pattern in duration, machine, variant or worker"
        if let orderDependency, orderDependency.verdict != .found { evidence += "; \(orderDependency.summary)" }
        return FlakyCause(kind: .unexplained, evidence: evidence)
    }

    private static func slowWhenFailing(failures: [AttemptObservation], passes: [AttemptObservation]) -> FlakyCause? {
        guard failures.count >= minimumFailures else { return nil }
        let failing = failures.map(\.duration).sorted()
        let passing = passes.map(\.duration).sorted()
        let median = passing[passing.count / 2]
        guard failing[0] > passing.last! + slowMargin, failing[0] >= 2 * median,
            1 / binomial(failures.count + passes.count, failures.count) <= chanceLimit
        else { return nil }
        return FlakyCause(
            kind: .slowWhenFailing,
            evidence: "failed \(failing.count) runs taking \(span(failing)); passed \(passing.count) taking \(span(passing))")
    }

    /// Every failure in one group of `key` while some run of another group passed.
    private static func confined(
        _ counted: [AttemptObservation], failures: [AttemptObservation], kind: FlakyCause.Kind, noun: String,
        key: (AttemptObservation) -> String?
    ) -> FlakyCause? {
        guard failures.count >= minimumFailures else { return nil }
        let groups = Dictionary(grouping: counted) { key($0) ?? "" }
        guard groups.count > 1, let group = key(failures[0]), failures.allSatisfy({ key($0) == group }) else { return nil }
        guard groups.contains(where: { $0.key != group && $0.value.contains { $0.outcome == .passed } }) else { return nil }
        // Bonferroni: any of the groups might have drawn every failure.
        let chance = Double(groups.count) * pow(Double(groups[group]!.count) / Double(counted.count), Double(failures.count))
        guard chance <= chanceLimit else { return nil }
        let elsewhere = counted.count { key($0) != group && $0.outcome == .passed }
        return FlakyCause(
            kind: kind,
            evidence: "failed \(failures.count) of \(groups[group]!.count) runs on \(noun) \(group), passed \(elsewhere) on the others")
    }

    /// `0.61–0.64 s`, or `0.61 s` for one value.
    static func span(_ sorted: [Double]) -> String {
        let low = String(format: "%.2f", sorted.first!)
        let high = String(format: "%.2f", sorted.last!)
        return low == high ? "\(low) s" : "\(low)–\(high) s"
    }

    static func binomial(_ n: Int, _ k: Int) -> Double {
        let k = min(k, n - k)
        guard k > 0 else { return 1 }
        return (1...k).reduce(1.0) { $0 * Double(n - k + $1) / Double($1) }
    }
}
