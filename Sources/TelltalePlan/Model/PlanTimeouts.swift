/// Time limits for a plan or a suite; nil means no limit of that kind.
package struct PlanTimeouts: Sendable, Equatable {
    /// The longest one test may take before it is killed.
    package var test: Duration?
    /// The time, from the start of testing, by which the tests (all of them, or the suite's)
    /// must have finished; tests still running are killed and tests not started are not run.
    package var run: Duration?

    package init(test: Duration? = nil, run: Duration? = nil) {
        self.test = test
        self.run = run
    }
}
