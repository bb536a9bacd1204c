import TelltaleModel

/// A record while its steps make it: the results, events and notes each step judges in turn.
package struct RecordDraft: Sendable {
    package var results: [TestResult]
    package var events: [Event]
    package var notes: [String]
    package var verification: VerificationReport?
    /// What the run produced, as the builder was given it.
    package let raw: RawRun

    init(raw: RawRun) {
        self.raw = raw
        results = raw.results
        events = raw.events
        notes = raw.notes
    }
}
