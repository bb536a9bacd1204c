/// How often a test was flaky over the history's recent runs.
public struct FlakyScore: Sendable, Hashable {
    /// The test's full id, as last recorded.
    public var testID: String
    /// Runs in which it failed and then passed on a retry, or failed where a run of the
    /// same commit (and a clean working tree) passed.
    public var flakyRuns: Int
    /// Runs in the window in which the test ran (skips aside).
    public var runs: Int

    public init(testID: String, flakyRuns: Int, runs: Int) {
        self.testID = testID
        self.flakyRuns = flakyRuns
        self.runs = runs
    }

    public var rate: Double { runs == 0 ? 0 : Double(flakyRuns) / Double(runs) }
}
