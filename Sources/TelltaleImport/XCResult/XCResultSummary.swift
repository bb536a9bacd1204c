import Foundation

/// What `xcrun xcresulttool get test-results summary --path BUNDLE` prints: the run's title,
/// times and totals. Everything is optional here so a missing field becomes a note in the
/// run, never a failed import.
package struct XCResultSummary: Decodable, Sendable, Hashable {
    /// `Test - ShopApp`: the plan's name when the tests JSON has no `Test Plan` node.
    package var title: String?
    /// `ShopApp-Localized · Built with macOS 15.4`.
    package var environmentDescription: String?
    /// `Passed`, `Failed`, `Skipped`, `Expected Failure` or `unknown`.
    package var result: String?
    package var totalTestCount: Int?
    package var passedTests: Int?
    package var failedTests: Int?
    package var skippedTests: Int?
    package var expectedFailures: Int?
    /// Seconds since 1970 (the schema: "Date as a UNIX timestamp").
    package var startTime: Double?
    /// Seconds since 1970, as `startTime`: the run's duration is their difference.
    package var finishTime: Double?

    package init(
        title: String? = nil, totalTestCount: Int? = nil, passedTests: Int? = nil, failedTests: Int? = nil, skippedTests: Int? = nil,
        expectedFailures: Int? = nil, startTime: Double? = nil, finishTime: Double? = nil
    ) {
        self.title = title
        self.totalTestCount = totalTestCount
        self.passedTests = passedTests
        self.failedTests = failedTests
        self.skippedTests = skippedTests
        self.expectedFailures = expectedFailures
        self.startTime = startTime
        self.finishTime = finishTime
    }

    /// The totals the summary states, when it states them all.
    package var counts: XCResultCounts? {
        guard let totalTestCount, let passedTests, let failedTests, let skippedTests else { return nil }
        return XCResultCounts(
            total: totalTestCount, passed: passedTests, failed: failedTests, skipped: skippedTests, expectedFailures: expectedFailures ?? 0)
    }
}
