import Foundation

/// Everything recorded about one test in one run.
package struct TestResult: Codable, Sendable, Hashable {
    package var id: TestID
    package var framework: TestFramework
    package var outcome: TestOutcome
    /// Seconds, as the framework measured them (XCTest's own figure, or Swift Testing's instants).
    package var duration: Double
    package var startedAt: Date?
    /// Where the test is declared, when the framework says (Swift Testing does; XCTest does not).
    package var location: SourceLocation?
    package var messages: [TestMessage]
    /// The lines the test wrote while it ran, stdout and stderr interleaved as they arrived.
    package var output: String
    /// For a parameterized Swift Testing test: how many argument cases ran.
    package var caseCount: Int?
    /// Earlier attempts when the test was retried, oldest first; this result is the last attempt.
    package var previousAttempts: [TestAttempt]
    /// The capture session of the worker that ran it (`TELLTALE_SESSION`), for attributing
    /// events by session and time window.
    package var session: String?
    /// Which worker (1-based) ran it.
    package var worker: Int?
    /// The plan's quarantine entry that excused its failure; nil when it counts as usual.
    package var quarantine: QuarantineEntry?
    /// The name Swift Testing shows for it (`@Test("Checks out")`), when it has one.
    package var displayName: String?
    /// Its Swift Testing tags, its suites' included, without the leading dot.
    package var tags: [String]
    /// The bugs its `.bug(...)` traits name.
    package var bugs: [TestBug]
    /// The files it attached, copied into the report folder.
    package var attachments: [TestAttachment]
    /// A parameterized test's argument cases, each with its own outcome; nil otherwise.
    package var cases: [TestCaseResult]?
    /// `--stress-new`: why it ran more times, how those runs went, and the verdict; nil when not stressed.
    package var stress: TestStress?
    /// The test process it ran in and its place there; nil when no process reported it.
    package var placement: TestPlacement?
    /// `--repeat`: the repetition of the run this attempt belongs to (from 1); nil when the run had one.
    package var repetition: Int?
    /// `--repeat`/`--until-failure`: its runs over the repetitions; nil when the run had one.
    package var repeats: TestRepeats?
    /// What bisecting the tests that ran before it found, when it failed or passed by their order.
    package var orderDependency: OrderDependency?
    /// Why it is flaky, when it both passed and failed in this run (`FlakyClassifier`).
    package var flakyCause: FlakyCause?
    /// Queue mode (`telltale queue report`): the machine of the build that ran it; nil for a
    /// run on one machine.
    package var machine: String?

    package init(
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
        quarantine: QuarantineEntry? = nil,
        displayName: String? = nil,
        tags: [String] = [],
        bugs: [TestBug] = [],
        attachments: [TestAttachment] = [],
        cases: [TestCaseResult]? = nil,
        stress: TestStress? = nil,
        placement: TestPlacement? = nil
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
        self.displayName = displayName
        self.tags = tags
        self.bugs = bugs
        self.attachments = attachments
        self.cases = cases
        self.stress = stress
        self.placement = placement
    }

    /// Failed or errored, and not excused by a quarantine entry: fails the run.
    package var failsRun: Bool { outcome.isFailure && quarantine == nil }

    /// Failed at first, passed on a retry: passes the run, and every report says so.
    package var isFlaky: Bool {
        outcome == .passed && previousAttempts.contains { $0.outcome.isFailure }
    }

    /// The messages one argument case recorded.
    package func messages(of testCase: TestCaseResult) -> [TestMessage] {
        messages.filter { $0.testCase == testCase.name }
    }

    /// The attachments one argument case recorded.
    package func attachments(of testCase: TestCaseResult) -> [TestAttachment] {
        attachments.filter { $0.testCase == testCase.name }
    }

    /// The id with its display name, for people: `Module.Suite/fn() ("Checks out")`.
    package var labelWithDisplayName: String {
        displayName.map { "\(id) (\"\($0)\")" } ?? id.rawValue
    }

    /// Where a reviewer looks first, and what JUnit's `file`/`line`, annotations and review tools
    /// point at: a failure's own place (the assertion, the fatal error), else where the test is
    /// declared, else the first message that has a place.
    package var reviewLocation: SourceLocation? {
        (outcome.isFailure ? primaryMessage?.location : nil) ?? location ?? messages.first { $0.location != nil }?.location
    }

    /// The first message that explains a failure, error or skip.
    package var primaryMessage: TestMessage? {
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
        case worker, quarantine, displayName, tags, bugs, attachments, cases, stress
        case placement, repetition, repeats, orderDependency, flakyCause, machine
    }

    /// Empty lists are left out, so run.json stays as small as the tests' own news.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(framework, forKey: .framework)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(duration, forKey: .duration)
        try c.encodeIfPresent(startedAt, forKey: .startedAt)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encode(messages, forKey: .messages)
        try c.encode(output, forKey: .output)
        try c.encodeIfPresent(caseCount, forKey: .caseCount)
        if !previousAttempts.isEmpty { try c.encode(previousAttempts, forKey: .previousAttempts) }
        try c.encodeIfPresent(session, forKey: .session)
        try c.encodeIfPresent(worker, forKey: .worker)
        try c.encodeIfPresent(quarantine, forKey: .quarantine)
        try c.encodeIfPresent(displayName, forKey: .displayName)
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        if !bugs.isEmpty { try c.encode(bugs, forKey: .bugs) }
        if !attachments.isEmpty { try c.encode(attachments, forKey: .attachments) }
        try c.encodeIfPresent(cases, forKey: .cases)
        try c.encodeIfPresent(stress, forKey: .stress)
        try c.encodeIfPresent(placement, forKey: .placement)
        try c.encodeIfPresent(repetition, forKey: .repetition)
        try c.encodeIfPresent(repeats, forKey: .repeats)
        try c.encodeIfPresent(orderDependency, forKey: .orderDependency)
        try c.encodeIfPresent(flakyCause, forKey: .flakyCause)
        try c.encodeIfPresent(machine, forKey: .machine)
    }

    /// Fields added after schema version 1 was first written decode with their defaults.
    package init(from decoder: any Decoder) throws {
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
            quarantine: try c.decodeIfPresent(QuarantineEntry.self, forKey: .quarantine),
            displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
            tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
            bugs: try c.decodeIfPresent([TestBug].self, forKey: .bugs) ?? [],
            attachments: try c.decodeIfPresent([TestAttachment].self, forKey: .attachments) ?? [],
            cases: try c.decodeIfPresent([TestCaseResult].self, forKey: .cases),
            stress: try c.decodeIfPresent(TestStress.self, forKey: .stress),
            placement: try c.decodeIfPresent(TestPlacement.self, forKey: .placement)
        )
        repetition = try c.decodeIfPresent(Int.self, forKey: .repetition)
        repeats = try c.decodeIfPresent(TestRepeats.self, forKey: .repeats)
        orderDependency = try c.decodeIfPresent(OrderDependency.self, forKey: .orderDependency)
        flakyCause = try c.decodeIfPresent(FlakyCause.self, forKey: .flakyCause)
        machine = try c.decodeIfPresent(String.self, forKey: .machine)
    }
}
