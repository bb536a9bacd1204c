import Foundation
import GRDB
import TelltaleModel

extension HistoryStore {
    /// The default window: flaky rates and medians look at this many recent runs.
    public static let defaultWindow = 30

    /// Each test's median duration over its last `window` recorded results (skips aside),
    /// keyed as `TestID.timingKey`: what scheduling and shards balance work by.
    public func durations(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [String: Double] {
        try await read { db in
            var keys: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, key FROM test") { keys[row[0]] = row[1] }
            // One indexed look-up per test: its own last results, whatever runs left it out.
            let statement = try db.makeStatement(
                sql: "SELECT duration FROM result WHERE testId = ? AND outcome != 'skipped' ORDER BY runId DESC LIMIT ?"
            )
            var medians: [String: Double] = [:]
            for (id, key) in keys {
                let values = try Double.fetchAll(statement, arguments: [id, window])
                if !values.isEmpty { medians[key] = values.median }
            }
            return medians
        }
    }

    /// The tests the history has seen pass at least once, keyed as `TestID.timingKey`: the rest
    /// of a run's tests are new to `--stress-new`. A test recorded only failing (one that arrived
    /// flaky and failed its run, say) stays new until it passes.
    public func testsThatPassed() async throws(HistoryError) -> Set<String> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT test.key FROM test
                        WHERE EXISTS (SELECT 1 FROM result WHERE result.testId = test.id AND result.outcome = 'passed')
                        """
                ))
        }
    }

    /// What should start first for the quickest feedback, keyed as `TestID.timingKey`: 0 for the
    /// tests that failed in the last recorded run, 1 for those flaky in the last `window` runs.
    public func feedbackPriorities(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [String: Int] {
        try await read { db in
            var priorities: [String: Int] = [:]
            for (key, counts) in Self.flakyRuns(try Self.windowResults(db, runs: window, keys: nil)) where counts.flaky > 0 {
                priorities[key] = 1
            }
            let failed = try String.fetchAll(
                db,
                sql: """
                    SELECT test.key FROM result JOIN test ON test.id = result.testId
                    WHERE result.outcome IN ('failed', 'error')
                      AND result.runId = (SELECT id FROM run ORDER BY startedAt DESC, id DESC LIMIT 1)
                    """
            )
            for key in failed { priorities[key] = 0 }
            return priorities
        }
    }

    /// Every test that was flaky at least once in the last `window` runs, the most flaky first.
    public func flakyScores(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [FlakyScore] {
        try await read { db in
            let results = try Self.windowResults(db, runs: window, keys: nil)
            var testIDs: [String: String] = [:]
            for result in results { testIDs[result.key] = result.testID }
            return Self.flakyRuns(results)
                .compactMap { key, counts in
                    counts.flaky > 0 ? FlakyScore(testID: testIDs[key] ?? key, flakyRuns: counts.flaky, runs: counts.runs) : nil
                }
                .sorted { ($0.rate, $1.testID) > ($1.rate, $0.testID) }
        }
    }

    /// The last `limit` runs, oldest first.
    public func recentRuns(limit: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [HistoryRunPoint] {
        try await read { db in try Self.recentRuns(db, limit: limit) }
    }

    static func recentRuns(_ db: Database, limit: Int) throws -> [HistoryRunPoint] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT startedAt, gitCommit, gitBranch, tests, passed, failed, duration, coveredLines, coverableLines FROM run
                ORDER BY startedAt DESC, id DESC LIMIT ?
                """,
            arguments: [limit]
        )
        .reversed()
        .map { row in
            let covered: Int? = row[7]
            let coverable: Int? = row[8]
            return HistoryRunPoint(
                startedAt: Date(timeIntervalSince1970: row[0]), commit: row[1], branch: row[2], tests: row[3], passed: row[4],
                failed: row[5], duration: row[6],
                coverage: covered.flatMap { covered in coverable.map { CoverageCount(covered: covered, total: $0) } }
            )
        }
    }

    /// What the reports of `record` (already recorded) show from the history: the last
    /// `window` runs' trend, and each of its tests over those runs.
    public func digest(for record: RunRecord, window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> HistoryDigest {
        let keys = Set(record.tests.map(\.id.timingKey))
        return try await read { db in
            let runs = try Self.recentRuns(db, limit: window)
            let results = try Self.windowResults(db, runs: window, keys: keys)
            let flaky = Self.flakyRuns(results)
            var byKey: [String: [WindowResult]] = [:]
            for result in results { byKey[result.key, default: []].append(result) }
            var tests: [String: TestHistory] = [:]
            for test in record.tests {
                guard let past = byKey[test.id.timingKey], !past.isEmpty else { continue }
                let counted = past.filter { $0.outcome != .skipped }
                // The last entry is this run (unless it was skipped, and so not counted): the usual
                // duration is that of the runs before it.
                let earlier = (test.outcome == .skipped ? counted[...] : counted.dropLast()).map(\.duration)
                let usual = earlier.isEmpty ? nil : earlier.median
                let slower =
                    test.outcome != .skipped && earlier.count >= 5
                    && usual.map { test.duration > 2 * $0 && test.duration - $0 >= Self.slowFloor }
                        ?? false
                let counts = flaky[test.id.timingKey] ?? (flaky: 0, runs: counted.count)
                tests[test.id.rawValue] = TestHistory(
                    outcomes: past.map(\.outcome), durations: past.map(\.duration), flakyRuns: counts.flaky, runs: counts.runs,
                    usualDuration: usual, slowerThanUsual: slower
                )
            }
            return HistoryDigest(runs: runs, tests: tests, window: window)
        }
    }

    /// A test is "slower than usual" only when it also lost this much: a 2 ms test taking 5 ms is noise.
    static let slowFloor = 0.1

    struct WindowResult {
        var key: String
        var testID: String
        var outcome: TestOutcome
        var duration: Double
        var attempts: [TestOutcome]
        /// Nil when the run's tree was dirty or its commit unknown: it cannot be compared by commit.
        var commit: String?
    }

    /// Results of the last `runs` runs, oldest run first; only `keys` when given.
    static func windowResults(_ db: Database, runs: Int, keys: Set<String>?) throws -> [WindowResult] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT test.key, test.testID, result.outcome, result.duration, result.attemptOutcomes,
                       CASE WHEN run.dirty THEN NULL ELSE run.gitCommit END
                FROM (SELECT id, startedAt, dirty, gitCommit FROM run ORDER BY startedAt DESC, id DESC LIMIT ?) AS run
                JOIN result ON result.runId = run.id
                JOIN test ON test.id = result.testId
                ORDER BY run.startedAt, run.id
                """,
            arguments: [runs]
        )
        var results: [WindowResult] = []
        while let row = try rows.next() {
            let key: String = row[0]
            if let keys, !keys.contains(key) { continue }
            let attempts: String = row[4] ?? ""
            results.append(
                WindowResult(
                    key: key, testID: row[1], outcome: TestOutcome(rawValue: row[2]) ?? .error, duration: row[3],
                    attempts: attempts.split(separator: ",").compactMap { TestOutcome(rawValue: String($0)) }, commit: row[5]
                ))
        }
        return results
    }

    /// Per test key: runs in which it was flaky, and runs in which it ran (skips aside).
    ///
    /// Flaky: it failed and then passed on a retry; or it failed where another run of the
    /// same commit passed (counting the failures only, so one bad run of a commit counts once).
    static func flakyRuns(_ results: [WindowResult]) -> [String: (flaky: Int, runs: Int)] {
        var passedCommits: Set<[String]> = []
        for result in results where result.outcome == .passed {
            if let commit = result.commit { passedCommits.insert([result.key, commit]) }
        }
        var counts: [String: (flaky: Int, runs: Int)] = [:]
        for result in results where result.outcome != .skipped {
            // Its attempts (the last is the result) both passed and failed: retried to a pass, or
            // flaky on arrival under `--stress-new`.
            let retried = result.attempts.contains(.passed) && result.attempts.contains { $0.isFailure }
            let contradicted = result.outcome.isFailure && result.commit.map { passedCommits.contains([result.key, $0]) } ?? false
            counts[result.key, default: (0, 0)].runs += 1
            if retried || contradicted { counts[result.key, default: (0, 0)].flaky += 1 }
        }
        return counts
    }
}
