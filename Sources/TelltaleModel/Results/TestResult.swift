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
    /// Earlier attempts when the test was retried, oldest first; this result is the last attempt.
    public var previousAttempts: [TestAttempt]
    /// The capture session of the worker that ran it (`TELLTALE_SESSION`), for attributing
    /// events by session and time window.
    public var session: String?
    /// Which worker (1-based) ran it.
    public var worker: Int?
    /// The plan's quarantine entry that excused its failure; nil when it counts as usual.
    public var quarantine: QuarantineEntry?

    public init(
        id: TestID,
        framework: TestFramework,
        outcome: TestOutcome,
        duration: Double = 0,
        startedAt: Date? = nil,
        location: SourceLocation? = nil,
        messages: [TestMessage] = [],
        output: String = "",
        caseCount: Int? = nil,
        previousAttempts: [TestAttempt] = [],
        session: String? = nil,
        worker: Int? = nil,
        quarantine: QuarantineEntry? = nil
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
        self.previousAttempts = previousAttempts
        self.session = session
        self.worker = worker
        self.quarantine = quarantine
    }

    /// Failed or errored, and not excused by a quarantine entry: fails the run.
    public var failsRun: Bool { outcome.isFailure && quarantine == nil }

    /// Failed at first, passed on a retry: passes the run, and every report says so.
    public var isFlaky: Bool {
        outcome == .passed && previousAttempts.contains { $0.outcome.isFailure }
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

extension TestResult {
    enum CodingKeys: String, CodingKey {
        case id, framework, outcome, duration, startedAt, location, messages, output, caseCount, previousAttempts, session
        case worker, quarantine
    }

    /// Fields added after schema version 1 was first written decode with their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(TestID.self, forKey: .id),
            framework: try c.decode(TestFramework.self, forKey: .framework),
            outcome: try c.decode(TestOutcome.self, forKey: .outcome),
            duration: try c.decodeIfPresent(Double.self, forKey: .duration) ?? 0,
            startedAt: try c.decodeIfPresent(Date.self, forKey: .startedAt),
            location: try c.decodeIfPresent(SourceLocation.self, forKey: .location),
            messages: try c.decodeIfPresent([TestMessage].self, forKey: .messages) ?? [],
            output: try c.decodeIfPresent(String.self, forKey: .output) ?? "",
            caseCount: try c.decodeIfPresent(Int.self, forKey: .caseCount),
            previousAttempts: try c.decodeIfPresent([TestAttempt].self, forKey: .previousAttempts) ?? [],
            session: try c.decodeIfPresent(String.self, forKey: .session),
            worker: try c.decodeIfPresent(Int.self, forKey: .worker),
            quarantine: try c.decodeIfPresent(QuarantineEntry.self, forKey: .quarantine)
        )
    }
}
