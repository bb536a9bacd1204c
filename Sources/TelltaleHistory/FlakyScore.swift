import TelltaleModel

/// How often a test was flaky over the history's recent runs, and why.
package struct FlakyScore: Sendable, Hashable {
    /// The test's full id, as last recorded.
    package var testID: String
    /// Runs in which it failed and then passed on a retry, or failed where a run of the
    /// same commit (and a clean working tree) passed, or a bisection found what its outcome
    /// depended on (its polluters or state-setters).
    package var flakyRuns: Int
    /// Runs in the window in which the test ran (skips aside).
    package var runs: Int
    /// Why, judged over its attempts in those runs (`FlakyClassifier`).
    package var cause: FlakyCause?
    /// The order dependency the cause rests on, or a bisection that did not reproduce one.
    package var orderDependency: OrderDependency?

    package init(testID: String, flakyRuns: Int, runs: Int, cause: FlakyCause? = nil, orderDependency: OrderDependency? = nil) {
        self.testID = testID
        self.flakyRuns = flakyRuns
        self.runs = runs
        self.cause = cause
        self.orderDependency = orderDependency
    }

    /// `flakyRuns` over `runs`, from 0 to 1; 0 for a test with no counted run.
    package var rate: Double { runs == 0 ? 0 : Double(flakyRuns) / Double(runs) }
}

extension FlakyScore {
    /// `scores` grouped by their cause's kind, in `FlakyCause.Kind`'s order (order-dependent
    /// first, unexplained last; a score with no cause counts as unexplained), each group in the
    /// order given.
    package static func byCause(_ scores: [FlakyScore]) -> [(kind: FlakyCause.Kind, scores: [FlakyScore])] {
        let grouped = Dictionary(grouping: scores) { $0.cause?.kind ?? .unexplained }
        return FlakyCause.Kind.allCases.compactMap { kind in grouped[kind].map { (kind, $0) } }
    }
}
