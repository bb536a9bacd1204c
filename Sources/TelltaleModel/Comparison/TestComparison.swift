/// What one test of a run did against the baseline: `run.json`'s `comparison.tests[id]`.
package struct TestComparison: Codable, Sendable, Hashable {
    /// The classes, in the order reports list them; a test in none (it did as on the base) has no entry.
    package enum Change: String, Codable, Sendable, Hashable, CaseIterable {
        /// It fails here and did not fail on the base (passed, was skipped, or is new there: `base` nil).
        case newFailure
        /// It fails here and failed on the base too.
        case stillFailing
        /// It failed on the base and passes here.
        case fixed
        /// The base did not have it, and it does not fail here.
        case newTest
        /// It passed here only on a retry, and was not flaky on the base.
        case newlyFlaky
        /// It took more than twice its median on the base and longer than any of its base runs.
        case slower

        /// As reports say it: `new failure`, `already failing`, …
        package var label: String {
            switch self {
            case .newFailure: "new failure"
            case .stillFailing: "already failing"
            case .fixed: "fixed"
            case .newTest: "new test"
            case .newlyFlaky: "newly flaky"
            case .slower: "much slower"
            }
        }
    }

    package var change: Change
    /// Its outcome on the base; nil for a test the base did not have.
    package var base: TestOutcome?
    /// Its median seconds on the base, for a test that is much slower.
    package var baseDuration: Double?

    package init(change: Change, base: TestOutcome?, baseDuration: Double? = nil) {
        self.change = change
        self.base = base
        self.baseDuration = baseDuration
    }
}
