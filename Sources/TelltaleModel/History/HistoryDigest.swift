import Foundation

/// What the run history says about one run, for its reports: the trend of recent runs,
/// and each of this run's tests over its recent runs. Stored in `run.json`, so
/// `telltale report` draws the same trends without the history file.
package struct HistoryDigest: Codable, Sendable, Hashable {
    /// Recent runs of the package, oldest first; the last is this run.
    package var runs: [HistoryRunPoint]
    /// By test id (`TestID.rawValue`), for this run's tests that have a history.
    package var tests: [String: TestHistory]
    /// How many recent runs the flaky rates count over.
    package var window: Int

    package init(runs: [HistoryRunPoint] = [], tests: [String: TestHistory] = [:], window: Int = 30) {
        self.runs = runs
        self.tests = tests
        self.window = window
    }

    /// Tests of this run whose flaky rate is above zero, the most flaky first.
    package var flakiest: [(id: String, history: TestHistory)] {
        tests.filter { $0.value.flakyRate > 0 }
            .sorted { ($0.value.flakyRate, $1.key) > ($1.value.flakyRate, $0.key) }
            .map { (id: $0.key, history: $0.value) }
    }

    /// Tests of this run that took more than twice their usual time.
    package var slowerThanUsual: [(id: String, history: TestHistory)] {
        tests.filter(\.value.slowerThanUsual)
            .sorted { $0.key < $1.key }
            .map { (id: $0.key, history: $0.value) }
    }
}

/// One past run in a trend.
package struct HistoryRunPoint: Codable, Sendable, Hashable {
    package var startedAt: Date
    package var commit: String?
    package var branch: String?
    package var tests: Int
    package var passed: Int
    package var failed: Int
    /// Wall-clock seconds of the run.
    package var duration: Double
    /// The run's line coverage; nil for a run that measured none.
    package var coverage: CoverageCount?

    package init(
        startedAt: Date, commit: String?, branch: String?, tests: Int, passed: Int, failed: Int, duration: Double,
        coverage: CoverageCount? = nil
    ) {
        self.startedAt = startedAt
        self.commit = commit
        self.branch = branch
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.duration = duration
        self.coverage = coverage
    }

    /// Passed over those that passed or failed (skips aside); 1 for a run with neither.
    package var passRate: Double {
        passed + failed == 0 ? 1 : Double(passed) / Double(passed + failed)
    }
}

/// One test over its recent runs, oldest first; the last entry is this run.
package struct TestHistory: Codable, Sendable, Hashable {
    /// Final outcome per run.
    package var outcomes: [TestOutcome]
    /// Seconds per run, aligned with `outcomes`.
    package var durations: [Double]
    /// Runs in the window in which the test was flaky: failed then passed on a retry,
    /// or had another outcome than a run of the same commit.
    package var flakyRuns: Int
    /// Runs of the test in the window.
    package var runs: Int
    /// The median duration of earlier runs (this one aside); nil with none.
    package var usualDuration: Double?
    /// More than twice `usualDuration`, which has at least five runs behind it.
    package var slowerThanUsual: Bool
    /// Why it was flaky, judged over all its attempts in the window; nil when it was not.
    package var flakyCause: FlakyCause?

    package init(
        outcomes: [TestOutcome], durations: [Double], flakyRuns: Int, runs: Int, usualDuration: Double?, slowerThanUsual: Bool,
        flakyCause: FlakyCause? = nil
    ) {
        self.outcomes = outcomes
        self.durations = durations
        self.flakyRuns = flakyRuns
        self.runs = runs
        self.usualDuration = usualDuration
        self.slowerThanUsual = slowerThanUsual
        self.flakyCause = flakyCause
    }

    package var flakyRate: Double { runs == 0 ? 0 : Double(flakyRuns) / Double(runs) }
}
