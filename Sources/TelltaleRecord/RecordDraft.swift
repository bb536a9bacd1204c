import TelltaleModel

/// A record while its steps make it: the results, events and notes each step judges in turn.
public struct RecordDraft: Sendable {
    public var results: [TestResult]
    public var events: [Event]
    public var notes: [String]
    public var verification: VerificationReport?
    /// What the run produced, as the builder was given it.
    public let raw: RawRun

    init(raw: RawRun) {
        self.raw = raw
        results = raw.results
        events = raw.events
        notes = raw.notes
    }
}
