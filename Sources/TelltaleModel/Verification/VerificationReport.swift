/// The analytics verdict of a run: each test's expectation failures and tracking-plan
/// violations, the violations no test can be blamed for, and the plan's coverage.
/// `TelltaleVerify` produces it; it lives here so a run record and report writers can hold it.
package struct VerificationReport: Codable, Sendable, Hashable {
    /// Every test that ran or sent events, sorted by id.
    package var tests: [TestVerification]
    /// Violations of events attributed to no test: they fail the run, not a test.
    package var unattributed: [CatalogViolation]
    /// Nil when the run had no tracking plan.
    package var coverage: CatalogCoverage?
    /// Expectation keys (as written) that selected no test: a typo, or a test filtered out.
    package var unusedSelectors: [String]
    package var eventCount: Int
    package var unattributedEventCount: Int

    package init(
        tests: [TestVerification], unattributed: [CatalogViolation] = [], coverage: CatalogCoverage? = nil,
        unusedSelectors: [String] = [], eventCount: Int = 0, unattributedEventCount: Int = 0
    ) {
        self.tests = tests
        self.unattributed = unattributed
        self.coverage = coverage
        self.unusedSelectors = unusedSelectors
        self.eventCount = eventCount
        self.unattributedEventCount = unattributedEventCount
    }

    /// Every test passed its checks and no unattributed event broke the tracking plan.
    package var passed: Bool {
        unattributed.isEmpty && tests.allSatisfy(\.passed)
    }

    package var failedTests: [TestVerification] {
        tests.filter { !$0.passed }
    }

    package func verification(for test: TestID) -> TestVerification? {
        tests.first { $0.test == test }
    }
}
