/// Counts of a run's tests by outcome.
package struct RunTotals: Codable, Sendable, Hashable {
    package var tests: Int
    package var passed: Int
    package var failed: Int
    package var errors: Int
    package var skipped: Int
    /// Passed tests that failed first and passed on a retry (counted in `passed` too).
    package var flaky: Int
    /// Failed or errored tests that a quarantine entry excuses (counted in `failed`/`errors` too).
    package var quarantined: Int

    package init(
        tests: Int = 0, passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0, flaky: Int = 0, quarantined: Int = 0
    ) {
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
        self.flaky = flaky
        self.quarantined = quarantined
    }

    package init<S: Sequence>(_ results: S) where S.Element == TestResult {
        self.init()
        for result in results {
            add(result.outcome)
            if result.isFlaky { flaky += 1 }
            if result.outcome.isFailure, result.quarantine != nil { quarantined += 1 }
        }
    }

    package mutating func add(_ outcome: TestOutcome) {
        tests += 1
        switch outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
    }

    /// The closing line CI logs show: `N passed, N failed, N skipped`.
    /// Errors count as failed here, as they fail the run.
    package var summaryLine: String {
        let line = "\(passed) passed, \(failed + errors) failed, \(skipped) skipped"
        let notes = [flaky > 0 ? "\(flaky) flaky" : nil, quarantined > 0 ? "\(quarantined) quarantined" : nil].compactMap(\.self)
        return notes.isEmpty ? line : line + " (" + notes.joined(separator: ", ") + ")"
    }
}
