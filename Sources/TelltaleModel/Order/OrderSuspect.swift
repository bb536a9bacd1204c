/// A test whose outcome in this run depended on what ran before it in its process, as far as its
/// attempts show: a suspected victim (failed after other tests, passed alone) or brittle test
/// (failed alone, passed after other tests). Bisecting `predecessors` tells which of them.
public struct OrderSuspect: Sendable, Hashable {
    public var test: TestID
    public var framework: TestFramework
    public var kind: OrderDependency.Kind
    /// The recorded process where it failed (a victim) or passed (a brittle test) after others.
    public var process: String
    /// The tests that started before it there, in their order.
    public var predecessors: [TestID]

    public init(test: TestID, framework: TestFramework, kind: OrderDependency.Kind, process: String, predecessors: [TestID]) {
        self.test = test
        self.framework = framework
        self.kind = kind
        self.process = process
        self.predecessors = predecessors
    }

    /// The suspects among `results`, in the record's order. A victim needs an attempt that failed
    /// after other tests and one that passed alone (a retry, which runs alone in a fresh process);
    /// a brittle test, an attempt that failed alone and one that passed after others. The
    /// earliest such attempt with predecessors is the one bisected.
    public static func find(in results: [TestResult]) -> [OrderSuspect] {
        let order = ProcessOrder(results)
        return results.compactMap { suspect(of: $0, order: order) }
    }

    public static func suspect(of result: TestResult, order: ProcessOrder) -> OrderSuspect? {
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
