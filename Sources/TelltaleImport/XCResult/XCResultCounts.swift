/// A run's totals in the summary's terms: every test case once per device and configuration,
/// `passed` including those that passed on a retry, `expectedFailures` apart from `passed`.
package struct XCResultCounts: Sendable, Hashable, CustomStringConvertible {
    package var total: Int
    package var passed: Int
    package var failed: Int
    package var skipped: Int
    package var expectedFailures: Int

    package init(total: Int = 0, passed: Int = 0, failed: Int = 0, skipped: Int = 0, expectedFailures: Int = 0) {
        self.total = total
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.expectedFailures = expectedFailures
    }

    /// Counts one test case's result as the summary does (`unknown` counts as failed: it fails the run).
    /// An `Arguments` case is not counted on its own: a parameterized test is one test case.
    mutating func add(_ result: XCResultOutcome) {
        total += 1
        switch result {
        case .passed: passed += 1
        case .failed, .unknown: failed += 1
        case .skipped: skipped += 1
        case .expectedFailure: expectedFailures += 1
        }
    }

    package var description: String {
        "\(total) tests: \(passed) passed, \(failed) failed, \(skipped) skipped, \(expectedFailures) expected failures"
    }
}
