import Foundation

/// An earlier run of a test that was retried: what happened that time.
public struct TestAttempt: Codable, Sendable, Hashable {
    public var outcome: TestOutcome
    public var duration: Double
    public var startedAt: Date?
    public var messages: [TestMessage]
    public var output: String

    public init(outcome: TestOutcome, duration: Double, startedAt: Date? = nil, messages: [TestMessage] = [], output: String = "") {
        self.outcome = outcome
        self.duration = duration
        self.startedAt = startedAt
        self.messages = messages
        self.output = output
    }

    /// The attempt a result records, before a retry replaces it.
    public init(_ result: TestResult) {
        self.init(
            outcome: result.outcome, duration: result.duration, startedAt: result.startedAt,
            messages: result.messages, output: result.output
        )
    }
}
