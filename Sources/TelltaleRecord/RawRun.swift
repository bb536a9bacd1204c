import TelltaleModel

/// What a run produced, before anything judged it: what the record is built from.
package struct RawRun: Sendable {
    /// Each test's result as the runner's ledger assembled it: its earlier attempts, placements,
    /// the worker and the machine that ran it. A test with several results keeps its last.
    package var results: [TestResult]
    /// Every captured event, attributed by tag or by the lifecycle's markers.
    package var events: [Event]
    /// Tests whose events were checked as they ended (`lifecycle: process` and `automatic`): their
    /// results already carry that verdict.
    package var checkedAtEnd: [TestID: TestVerification]
    /// What the run said on its way (the runner's, the selection's, the queue's).
    package var notes: [String]
    /// How many times the selection ran (`--repeat`, `--until-failure`).
    package var repetitions: Int
    /// `--stress-new`: each stressed test's reasons, and how its runs are judged; nil for none.
    package var stress: StressJudgement?
    /// Every test that was to run: one with no result is an `error` naming it. Nil where the
    /// road does not know the selection (a merge of records that already accounted for theirs).
    package var expected: [ExpectedTest]?
    /// The package folders of the checkouts whose results these are, when not this one (a
    /// merge's shards, a queue build's machines): their paths are moved under this one's.
    package var otherRoots: [String] = []

    package init(
        results: [TestResult], events: [Event] = [], checkedAtEnd: [TestID: TestVerification] = [:], notes: [String] = [],
        repetitions: Int = 1, stress: StressJudgement? = nil, expected: [ExpectedTest]? = nil
    ) {
        self.results = results
        self.events = events
        self.checkedAtEnd = checkedAtEnd
        self.notes = notes
        self.repetitions = repetitions
        self.stress = stress
        self.expected = expected
    }
}

/// A test that was to run, with its framework, so the record can name it if nothing did.
package struct ExpectedTest: Sendable, Hashable {
    package var id: TestID
    package var framework: TestFramework

    package init(id: TestID, framework: TestFramework) {
        self.id = id
        self.framework = framework
    }
}
