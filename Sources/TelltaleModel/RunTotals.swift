/// Counts of a run's tests by outcome.
public struct RunTotals: Codable, Sendable, Hashable {
    public var tests: Int
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var skipped: Int

    public init(tests: Int = 0, passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0) {
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
    }

    public init<S: Sequence>(_ results: S) where S.Element == TestResult {
        self.init()
        for result in results { add(result.outcome) }
    }

    public mutating func add(_ outcome: TestOutcome) {
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
    public var summaryLine: String {
        "\(passed) passed, \(failed + errors) failed, \(skipped) skipped"
    }
}
