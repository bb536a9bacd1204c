/// A test whose outcome in this run depended on what ran before it in its process, as far as its
/// attempts show: a suspected victim (failed after other tests, passed alone) or brittle test
/// (failed alone, passed after other tests). Bisecting `predecessors` tells which of them.
package struct OrderSuspect: Sendable, Hashable {
    package var test: TestID
    package var framework: TestFramework
    package var kind: OrderDependency.Kind
    /// The recorded process where it failed (a victim) or passed (a brittle test) after others.
    package var process: String
    /// The tests that started before it there, in their order.
    package var predecessors: [TestID]
    /// The earlier run (the history's) where it passed after `predecessors`, for a test that
    /// failed in every attempt of this run; nil when its own attempts here make it a suspect.
    package var earlierRun: Int64?

    package init(
        test: TestID, framework: TestFramework, kind: OrderDependency.Kind, process: String, predecessors: [TestID], earlierRun: Int64? = nil
    ) {
        self.test = test
        self.framework = framework
        self.kind = kind
        self.process = process
        self.predecessors = predecessors
        self.earlierRun = earlierRun
    }

    /// A test that failed in every attempt of this run, its retries spent, and passed after
    /// other tests in an earlier run (`pass`): a suspected brittle test, whose state-setters
    /// are among the tests that ran before it there. Nil for any other result.
    package static func brittle(_ result: TestResult, retries: Int, passedEarlier pass: EarlierPass) -> OrderSuspect? {
        guard failedForGood(result, retries: retries), !pass.predecessors.isEmpty else { return nil }
        return OrderSuspect(
            test: result.id, framework: result.framework, kind: .brittle, process: pass.process, predecessors: pass.predecessors,
            earlierRun: pass.run)
    }

    /// A test that failed after other tests here and passed when run alone (a probe's run, not
    /// one of its attempts): a suspected victim of the tests before its first such failure.
    package static func victim(_ result: TestResult, order: ProcessOrder) -> OrderSuspect? {
        guard let placement = result.allAttempts.first(where: { $0.outcome.isFailure && $0.placement?.isAlone == false })?.placement
        else { return nil }
        let predecessors = order.predecessors(in: placement.process, before: placement.position)
        guard !predecessors.isEmpty else { return nil }
        return OrderSuspect(test: result.id, framework: result.framework, kind: .victim, process: placement.process, predecessors: predecessors)
    }

    /// Every attempt failed and the retries are spent: this is its last attempt, on whichever
    /// machine ran the earlier ones (in queue mode a machine whose failure another retried has
    /// fewer attempts).
    package static func failedForGood(_ result: TestResult, retries: Int) -> Bool {
        let attempts = result.allAttempts
        return result.outcome.isFailure && attempts.allSatisfy { $0.outcome.isFailure } && attempts.count > retries
    }

    /// The suspects among `results`, in the record's order. A victim needs an attempt that failed
    /// after other tests and one that passed alone (a retry, which runs alone in a fresh process);
    /// a brittle test, an attempt that failed alone and one that passed after others. The
    /// earliest such attempt with predecessors is the one bisected.
    package static func find(in results: [TestResult]) -> [OrderSuspect] {
        let order = ProcessOrder(results)
        return results.compactMap { suspect(of: $0, order: order) }
    }

    package static func suspect(of result: TestResult, order: ProcessOrder) -> OrderSuspect? {
        let placed = result.allAttempts.compactMap { attempt in attempt.placement.map { (attempt.outcome, $0) } }
        func after(_ outcome: (TestOutcome) -> Bool) -> TestPlacement? {
            placed.first { outcome($0.0) && !$0.1.isAlone }?.1
        }
        func alone(_ outcome: (TestOutcome) -> Bool) -> Bool {
            placed.contains { outcome($0.0) && $0.1.isAlone }
        }
        let kind: OrderDependency.Kind
        let placement: TestPlacement
        if let failed = after(\.isFailure), alone({ $0 == .passed }) {
            (kind, placement) = (.victim, failed)
        } else if let passed = after({ $0 == .passed }), alone(\.isFailure) {
            (kind, placement) = (.brittle, passed)
        } else {
            return nil
        }
        let predecessors = order.predecessors(in: placement.process, before: placement.position)
        guard !predecessors.isEmpty else { return nil }
        return OrderSuspect(
            test: result.id, framework: result.framework, kind: kind, process: placement.process, predecessors: predecessors)
    }
}
