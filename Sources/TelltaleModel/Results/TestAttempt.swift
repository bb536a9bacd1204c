import Foundation

/// An earlier run of a test that was retried: what happened that time.
public struct TestAttempt: Codable, Sendable, Hashable {
    public var outcome: TestOutcome
    public var duration: Double
    public var startedAt: Date?
    public var messages: [TestMessage]
    public var output: String
    /// The test process it ran in and its place there (`TestResult.placement`).
    public var placement: TestPlacement?
    /// `--repeat`: the repetition it belongs to (`TestResult.repetition`).
    public var repetition: Int?
    /// Queue mode: the machine of the build that ran this attempt (`TestResult.machine`).
    public var machine: String?

    public init(
        outcome: TestOutcome, duration: Double, startedAt: Date? = nil, messages: [TestMessage] = [], output: String = "",
        placement: TestPlacement? = nil, repetition: Int? = nil
    ) {
        self.outcome = outcome
        self.duration = duration
        self.startedAt = startedAt
        self.messages = messages
        self.output = output
        self.placement = placement
        self.repetition = repetition
    }

    /// The attempt a result records, before a retry replaces it.
    public init(_ result: TestResult) {
        self.init(
            outcome: result.outcome, duration: result.duration, startedAt: result.startedAt,
            messages: result.messages, output: result.output, placement: result.placement, repetition: result.repetition
        )
        machine = result.machine
    }
}
