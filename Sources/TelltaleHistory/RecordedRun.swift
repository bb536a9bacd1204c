import Foundation
import TelltaleModel

/// A run as both stores keep it: one `run` row, one `test` row per key, one `result` row per
/// test. Made here once, so the fingerprint, the keys and the attempts are the same in each.
struct RecordedRun: Sendable {
    /// A `result` row, with its test's key, suite and full id for the `test` row.
    struct Result: Sendable {
        var key: String
        var suite: String
        var testID: String
        var outcome: String
        var duration: Double
        /// Retried tests only: every attempt, oldest first, comma-separated (the last is the result).
        var attemptOutcomes: String?
        var attemptDurations: String?
        var worker: Int?
        var quarantined: Bool
        /// Where each attempt ran and its repetition, oldest first (`StoredAttempt`, JSON); nil when none says.
        var placements: String?
        /// `OrderDependency` as JSON.
        var orderDependency: String?
        var flakyCause: String?
        var flakyEvidence: String?
    }

    var startedAt: Date
    var duration: Double
    var commit: String?
    var branch: String?
    /// Uncommitted changes in the tree: the run is not its commit's (no baseline, no comparison by commit).
    var dirty: Bool
    var host: String?
    var plan: String?
    /// `I/N` for one shard's record; nil for a whole run. A shard is never a baseline.
    var shard: String?
    /// `RunOrder`: nil when the run neither shuffled nor repeated.
    var seed: Int?
    var repetitions: Int?
    var untilFailure: Bool?
    var source: HistoryStore.RunSource
    /// The same run is recorded once: its start and duration to the millisecond, host, plan, shard.
    var fingerprint: String
    var tests: Int
    var passed: Int
    /// Failures and errors together.
    var failed: Int
    var skipped: Int
    /// Line coverage of a whole run; nil for a run without coverage or of some of the plan's tests.
    var coveredLines: Int?
    var coverableLines: Int?
    /// One per key (the last wins, as a run's own record has each test once), sorted by key: two
    /// writers that touch the same tests then take their locks in the same order.
    var results: [Result]

    init(_ record: RunRecord, source: HistoryStore.RunSource) {
        let totals = record.totals
        let environment = record.environment
        // Milliseconds, as run.json keeps them: importing the run.json of a recorded run finds it.
        // The duration too: two runs of one plan started at once on one host (a pre-push hook
        // beside an editor's run) may share their start's millisecond, never also their length.
        func milliseconds(_ seconds: Double) -> String { String(Int64((seconds * 1000).rounded())) }
        fingerprint = [
            milliseconds(record.startedAt.timeIntervalSince1970), environment.host, record.plan.name,
            record.shard?.description ?? "", milliseconds(record.duration),
        ].joined(separator: "|")
        startedAt = record.startedAt
        duration = record.duration
        commit = environment.gitCommit
        branch = environment.gitBranch
        dirty = environment.gitDirty ?? false
        host = environment.host
        plan = record.plan.name
        shard = record.shard?.description
        seed = record.order?.seed
        repetitions = record.order?.repetitions
        untilFailure = record.order?.untilFailure
        self.source = source
        tests = totals.tests
        passed = totals.passed
        failed = totals.failed + totals.errors
        skipped = totals.skipped
        // A run of some of the plan's tests measured part of the suite: its total is no point of the trend.
        let coverage = record.coverage?.subset == nil ? record.coverage?.lines : nil
        coveredLines = coverage?.covered
        coverableLines = coverage?.total

        var byKey: [String: Result] = [:]
        for test in record.tests {
            // Most tests run once: their one attempt is the result itself, so nothing more is stored.
            var outcomes: String?
            var durations: String?
            if !test.previousAttempts.isEmpty {
                let attempts = test.previousAttempts.map { ($0.outcome, $0.duration) } + [(test.outcome, test.duration)]
                outcomes = attempts.map(\.0.rawValue).joined(separator: ",")
                durations = attempts.map { String($0.1) }.joined(separator: ",")
            }
            let key = test.id.timingKey
            byKey[key] = Result(
                key: key, suite: test.id.suiteName, testID: test.id.rawValue, outcome: test.outcome.rawValue, duration: test.duration,
                attemptOutcomes: outcomes, attemptDurations: durations, worker: test.worker, quarantined: test.quarantine != nil,
                placements: StoredAttempt.encode(test.allAttempts), orderDependency: StoredAttempt.json(test.orderDependency),
                flakyCause: test.flakyCause?.kind.rawValue, flakyEvidence: test.flakyCause?.evidence)
        }
        results = byKey.values.sorted { $0.key < $1.key }
    }
}
