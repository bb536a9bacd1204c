/// `stress:` in a plan: tests that are new, or whose test file changed, run more times so a
/// flaky one is caught as it arrives (`--stress-new N` overrides `new`).
package struct PlanStress: Sendable, Equatable {
    /// What a test that arrives flaky does to the run.
    package enum OnFlaky: String, Sendable, Equatable, CaseIterable {
        /// It fails the run (exit 1).
        case fail
        /// It is reported (as flaky, everywhere) but does not fail the run.
        case report
    }

    /// Extra runs for each new or changed test; 0 stresses nothing.
    package var new: Int
    package var onFlaky: OnFlaky

    package init(new: Int = 0, onFlaky: OnFlaky = .fail) {
        self.new = new
        self.onFlaky = onFlaky
    }
}
