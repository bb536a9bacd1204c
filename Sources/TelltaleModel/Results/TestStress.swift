/// `--stress-new N` on one test: why it was stressed, how its runs went, and the verdict.
///
/// A test that is new (no passing run in the history) or whose test file changed runs N
/// more times after the usual pass and its retries, each run a pass of its own, kept as
/// the result's attempts as retries are. Its outcomes then say whether it arrives stable.
package struct TestStress: Codable, Sendable, Hashable {
    package enum Verdict: String, Codable, Sendable, Hashable, CaseIterable {
        /// Every run passed.
        case stable
        /// Some runs passed and some failed: it fails the run unless the plan says `onFlaky: report`.
        case flakyOnArrival
        /// No run passed: it fails as any failing test does (it is not stressed further).
        case failing
        /// It was skipped: nothing to judge.
        case skipped
    }

    /// Why it was stressed, for people: `new: no passing run in the history`,
    /// `its file changed: Tests/AppTests/CartTests.swift`.
    package var reasons: [String]
    /// The extra runs asked for (`--stress-new N`, the plan's `stress.new`).
    package var extraRuns: Int
    /// The runs it had in all (the first, its retries, the stress runs; skips aside), and how many passed.
    package var runs: Int
    package var passed: Int
    package var verdict: Verdict
    /// The plan's `stress.onFlaky: report`: flaky on arrival is reported but does not fail the run.
    package var reportOnly: Bool

    package init(reasons: [String], extraRuns: Int, runs: Int, passed: Int, verdict: Verdict, reportOnly: Bool = false) {
        self.reasons = reasons
        self.extraRuns = extraRuns
        self.runs = runs
        self.passed = passed
        self.verdict = verdict
        self.reportOnly = reportOnly
    }

    /// `flaky on arrival: passed 3 of 6 runs (new: no passing run in the history)`.
    package var summary: String {
        let word =
            switch verdict {
            case .stable: "stable"
            case .flakyOnArrival: "flaky on arrival"
            case .failing: "failing"
            case .skipped: "skipped"
            }
        return "\(word): passed \(passed) of \(runs) run\(runs == 1 ? "" : "s") (\(reasons.joined(separator: "; ")))"
    }
}
