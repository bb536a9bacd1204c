import TelltaleModel

/// Runs some tests and then one more in one fresh test process, one at a time, in their recorded
/// order: a bisection's run. XCTest runs them in the binary's order whatever is asked (the order
/// they ran in before); Swift Testing, with `--no-parallel`, in source order.
package struct OrderProbe: Sendable {
    var context: TestProcessContext
    var listed: [TestFramework: [TestID]]

    /// `context`'s processes, with results going nowhere but back to the bisection.
    init(context: TestProcessContext, listed: [TestFramework: [TestID]]) {
        var context = context
        context.observer = DiscardingObserver()
        context.ledger = TestResultLedger()
        context.seed = nil
        self.context = context
        self.listed = listed
    }

    /// The test's result after `tests` ran before it; nil when the process never reported it (a
    /// predecessor crashed it, say).
    package func run(_ tests: [TestID], then test: TestID, framework: TestFramework) async throws -> TestResult? {
        let batch = TestBatch(framework: framework, tests: tests + [test], serial: true)
        let outcome = try await context.runBatch(batch, listed: listed)
        return outcome.results.last { $0.id == test }
    }

    /// Bisects `suspect`'s predecessors until `deadline`: a victim is shown by failing after
    /// them, a brittle test by passing. `command` is how `telltale run` is spelled for this
    /// plan, to which the reproduction adds its filters.
    package func bisect(_ suspect: OrderSuspect, deadline: ContinuousClock.Instant, command: [String]) async throws -> OrderDependency {
        let started = ContinuousClock.now
        let outcome = try await OrderBisector(deadline: deadline).bisect(suspect.predecessors) { tests in
            let result = try await run(tests, then: suspect.test, framework: suspect.framework)
            return suspect.kind == .victim ? result?.outcome.isFailure == true : result?.outcome == .passed
        }
        let reproduce: String? =
            switch (suspect.kind, outcome.verdict) {
            case (.victim, .found): ReproductionCommand.text(command, running: outcome.tests + [suspect.test])
            case (.brittle, .found): ReproductionCommand.text(command, running: [suspect.test])
            default: nil
            }
        return OrderDependency(
            kind: suspect.kind, verdict: outcome.verdict, tests: outcome.tests, process: suspect.process,
            predecessors: suspect.predecessors.count, runs: outcome.runs, seconds: (ContinuousClock.now - started).inSeconds,
            reproduce: reproduce)
    }
}
