import Foundation

/// An earlier run of a test that was retried: what happened that time.
package struct TestAttempt: Codable, Sendable, Hashable {
    package var outcome: TestOutcome
    package var duration: Double
    package var startedAt: Date?
    package var messages: [TestMessage]
    package var output: String
    /// The test process it ran in and its place there (`TestResult.placement`).
    package var placement: TestPlacement?
    /// `--repeat`: the repetition it belongs to (`TestResult.repetition`).
    package var repetition: Int?
    /// Queue mode: the machine of the build that ran this attempt (`TestResult.machine`).
    package var machine: String?

    package init(
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
    package init(_ result: TestResult) {
        self.init(
            outcome: result.outcome, duration: result.duration, startedAt: result.startedAt,
            messages: result.messages, output: result.output, placement: result.placement, repetition: result.repetition
        )
        machine = result.machine
    }
}
