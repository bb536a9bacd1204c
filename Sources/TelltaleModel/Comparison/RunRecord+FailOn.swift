/// The gate `--fail-on` sets, read from the record, so `run`, `merge`, `queue report` and
/// `telltale report` give one verdict.
extension RunRecord {
    /// Whether `test` fails the run: it failed and no quarantine entry excuses it; under
    /// `failOn: new`, also not already failing on the base (`stillFailing`). With no baseline to
    /// compare with, every failure counts: nothing shows it is not new.
    package func failsRunUnderPolicy(_ test: TestResult) -> Bool {
        guard test.failsRun else { return false }
        guard failOn == .new, let comparison, comparison.baseline != nil else { return true }
        return comparison.tests[test.id.rawValue]?.change != .stillFailing
    }

    /// The failing tests that do not fail the run because the base failed them too (`failOn: new`).
    package var excusedByBaseline: [TestResult] {
        tests.filter { $0.failsRun && !failsRunUnderPolicy($0) }
    }
}
