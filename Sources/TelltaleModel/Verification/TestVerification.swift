/// One test's analytics verdict.
package struct TestVerification: Codable, Sendable, Hashable {
    package var test: TestID
    /// Events attributed to the test.
    package var eventCount: Int
    /// Plan expectations the events did not meet.
    package var failures: [VerificationFailure]
    /// Tracking-plan violations of the test's events.
    package var violations: [CatalogViolation]

    package init(test: TestID, eventCount: Int, failures: [VerificationFailure] = [], violations: [CatalogViolation] = []) {
        self.test = test
        self.eventCount = eventCount
        self.failures = failures
        self.violations = violations
    }

    package var passed: Bool { failures.isEmpty && violations.isEmpty }

    /// The failures as test messages, to add to the test's result (`TestResult.failing(with:)`
    /// takes their texts); a failure's message points at the plan line that expected it.
    package var messages: [TestMessage] {
        failures.map { TestMessage(kind: .failure, text: $0.text, location: $0.expectation) }
            + violations.map { TestMessage(kind: .failure, text: $0.message) }
    }
}
