import Foundation
import TelltaleModel

/// What a history store keeps and reads back, in its own SQL: `SQLiteHistory` (a file) and
/// `PostgresHistory` (a shared database). What the rows mean (medians, flaky runs, the digest,
/// the fingerprint a run is known by) is worked out once, in `HistoryStore`, from what these return.
protocol HistoryBackend: Sendable {
    /// Adds the run and its results in one transaction; false when a run with its fingerprint is already kept.
    func insert(_ run: RecordedRun) async throws -> Bool
    func runCount() async throws -> Int
    /// Each test's durations over its last `window` results (skips aside), newest first, by key.
    func recentDurations(window: Int) async throws -> [String: [Double]]
    /// The keys of the tests with at least one passing result.
    func testsThatPassed() async throws -> Set<String>
    /// The keys of the tests that failed (or errored) in the last recorded run.
    func failuresOfLastRun() async throws -> [String]
    /// The last `limit` runs, oldest first.
    func recentRuns(limit: Int) async throws -> [HistoryStore.ListedRun]
    /// The run kept as `id`, with every result whole; nil when there is none.
    func storedRun(id: Int64) async throws -> (run: HistoryStore.ListedRun, results: [StoredResult])?
    /// The newest clean run (no uncommitted changes, not a shard) of `commit`, else of `branch`,
    /// whole, with its tests' durations over the base's last `spread` clean runs up to it; nil
    /// when neither has one (`HistoryStore.baseline`).
    func baselineRun(commit: String?, branch: String?, spread: Int) async throws -> StoredBaseline?
    /// The results of the tests keyed `keys` in the last `runs` runs, whole, oldest run first.
    func storedResults(keys: [String], runs: Int) async throws -> [StoredResult]
    /// The last `runs` runs and their results (oldest run first), read at one moment.
    func window(runs: Int) async throws -> (runs: [HistoryRunPoint], results: [WindowResult])
    /// Keeps a map unless one with its digest is kept; keeps only the newest `keep`.
    func saveCoverageMap(_ map: RecordedCoverageMap, keep: Int) async throws -> Bool
    func coverageMapCount() async throws -> Int
    /// The newest map by when it was recorded (the later insert on a tie); nil when none is kept.
    func latestCoverageMap() async throws -> HistoryStore.StoredCoverageMap?
    /// What went wrong, for people, naming the history (never a password).
    func historyError(_ error: any Error) -> HistoryError
}

/// One result of a recent run, as the flaky counts and the digest read it.
struct WindowResult: Sendable {
    /// `TestID.timingKey`: what the flaky counts group by.
    var key: String
    /// The full id, as last recorded for the key.
    var testID: String
    /// The last attempt's, which is the result's.
    var outcome: TestOutcome
    /// Seconds, the last attempt's.
    var duration: Double
    /// Every attempt's outcome, oldest first; empty for a test that ran once.
    var attempts: [TestOutcome]
    /// Nil when the run's tree was dirty or its commit unknown: it cannot be compared by commit.
    var commit: String?
    /// A bisection found what it depends on in this run (its polluters or state-setters): its
    /// outcome there was the order's, so the run counts as a flaky one.
    var orderDependent: Bool

    /// A row as both stores keep it: attempts comma-separated, oldest first.
    init(key: String, testID: String, outcome: String, duration: Double, attempts: String?, commit: String?, orderDependent: Bool = false) {
        self.key = key
        self.testID = testID
        self.outcome = TestOutcome(rawValue: outcome) ?? .error
        self.duration = duration
        self.attempts = (attempts ?? "").split(separator: ",").compactMap { TestOutcome(rawValue: String($0)) }
        self.commit = commit
        self.orderDependent = orderDependent
    }

    /// What a stored `orderDependency` (its JSON, keys sorted, as `StoredAttempt.json` writes it)
    /// holds when the bisection found its tests: both stores look for it in SQL.
    static let foundDependency = #"%"verdict":"found"%"#
}

/// A coverage map as it is kept: its file form and what is known of it without decoding it.
struct RecordedCoverageMap: Sendable {
    /// `CoverageMap.encoded()`: the bytes of `coverage-map.bin`.
    var data: Data
    var recordedAt: Date
    /// `HEAD` when the map was recorded; nil outside git.
    var commit: String?
    /// How many tests it has a record of, which `history runs` shows without decoding it.
    var tests: Int
    /// The same map imported twice is kept once.
    var digest: String
}
