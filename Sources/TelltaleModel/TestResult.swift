import Foundation

/// Everything recorded about one test in one run.
public struct TestResult: Codable, Sendable, Hashable {
    public var id: TestID
    public var framework: TestFramework
    public var outcome: TestOutcome
    /// Seconds, as the framework measured them (XCTest's own figure, or Swift Testing's instants).
    public var duration: Double
    public var startedAt: Date?
    /// Where the test is declared, when the framework says (Swift Testing does; XCTest does not).
    public var location: SourceLocation?
    public var messages: [TestMessage]
    /// The lines the test wrote while it ran, stdout and stderr interleaved as they arrived.
    public var output: String
    /// For a parameterized Swift Testing test: how many argument cases ran.
    public var caseCount: Int?

    public init(
        id: TestID,
        framework: TestFramework,
        outcome: TestOutcome,
        duration: Double = 0,
        startedAt: Date? = nil,
        location: SourceLocation? = nil,
        messages: [TestMessage] = [],
        output: String = "",
        caseCount: Int? = nil
    ) {
        self.id = id
        self.framework = framework
        self.outcome = outcome
        self.duration = duration
        self.startedAt = startedAt
        self.location = location
        self.messages = messages
        self.output = output
        self.caseCount = caseCount
    }

    /// The first message that explains a failure, error or skip.
    public var primaryMessage: TestMessage? {
        switch outcome {
        case .failed: messages.first { $0.kind == .failure } ?? messages.first { $0.kind == .error }
        case .error: messages.first { $0.kind == .error } ?? messages.first { $0.kind == .failure }
        case .skipped: messages.first { $0.kind == .skip }
        case .passed: nil
        }
    }
}
