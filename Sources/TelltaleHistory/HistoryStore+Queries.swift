import Foundation
import TelltaleModel

/// What the history answers, worked out here for both stores from the rows they return.
extension HistoryStore {
    /// The default window: flaky rates and medians look at this many recent runs.
    package static let defaultWindow = 30

    /// Each test's median duration over its last `window` recorded results (skips aside),
    /// keyed as `TestID.timingKey`: what scheduling and shards balance work by.
    package func durations(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [String: Double] {
        // A test whose every result was a skip has no duration here: scheduling estimates it.
        try await run { try await $0.recentDurations(window: window) }.compactMapValues { $0.isEmpty ? nil : $0.median }
    }

    /// The tests the history has seen pass at least once, keyed as `TestID.timingKey`: the rest
    /// of a run's tests are new to `--stress-new`. A test recorded only failing (one that arrived
    /// flaky and failed its run, say) stays new until it passes.
    package func testsThatPassed() async throws(HistoryError) -> Set<String> {
        try await run { try await $0.testsThatPassed() }
    }

    /// What should start first for the quickest feedback, keyed as `TestID.timingKey`: 0 for the
    /// tests that failed in the last recorded run, 1 for those flaky in the last `window` runs.
    package func feedbackPriorities(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [String: Int] {
        let (results, failed) = try await run { backend in
            (try await backend.window(runs: window).results, try await backend.failuresOfLastRun())
        }
        var priorities: [String: Int] = [:]
        for (key, counts) in Self.flakyRuns(results) where counts.flaky > 0 { priorities[key] = 1 }
        // After the flaky ones: a test that failed last time, flaky or not, starts among the first.
        for key in failed { priorities[key] = 0 }
        return priorities
    }

    /// Every test that was flaky at least once in the last `window` runs, the most flaky first.
    package func flakyScores(window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [FlakyScore] {
        let results = try await run { try await $0.window(runs: window).results }
        // The full id as last recorded for each key: the window is oldest first, so the newest wins.
        var testIDs: [String: String] = [:]
        for result in results { testIDs[result.key] = result.testID }
        let flaky = Self.flakyRuns(results).filter { $0.value.flaky > 0 }
        let causes = try await flakyCauses(keys: Array(flaky.keys), window: window)
        // By rate, the highest first; on a tie, by id from A to Z.
        return
            flaky
            .map { key, counts in
                FlakyScore(
                    testID: testIDs[key] ?? key, flakyRuns: counts.flaky, runs: counts.runs, cause: causes[key]?.cause,
                    orderDependency: causes[key]?.dependency)
            }
            .sorted { ($0.rate, $1.testID) > ($1.rate, $0.testID) }
    }

    /// The last `limit` runs, oldest first.
    package func recentRuns(limit: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [HistoryRunPoint] {
        try await run { try await $0.recentRuns(limit: limit) }.map(\.point)
    }

    /// The last `limit` runs, oldest first, with the ids `telltale bisect --run` takes and their order.
    package func listedRuns(limit: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [ListedRun] {
        try await run { try await $0.recentRuns(limit: limit) }
    }

    /// What the reports of `record` (already recorded) show from the history: the last
    /// `window` runs' trend, and each of its tests over those runs.
    package func digest(for record: RunRecord, window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> HistoryDigest {
        let keys = Set(record.tests.map(\.id.timingKey))
        let (runs, all) = try await run { try await $0.window(runs: window) }
        // Only this run's tests: the window holds every test of every run in it.
        let results = all.filter { keys.contains($0.key) }
        let flaky = Self.flakyRuns(results)
        var byKey: [String: [WindowResult]] = [:]
        for result in results { byKey[result.key, default: []].append(result) }
        let causes = try await flakyCauses(keys: flaky.filter { $0.value.flaky > 0 }.map(\.key), window: window)
        var tests: [String: TestHistory] = [:]
        for test in record.tests {
            guard let past = byKey[test.id.timingKey], !past.isEmpty else { continue }
            let counted = past.filter { $0.outcome != .skipped }
            // The last entry is this run (unless it was skipped, and so not counted): the usual
            // duration is that of the runs before it.
            let earlier = (test.outcome == .skipped ? counted[...] : counted.dropLast()).map(\.duration)
            let usual = earlier.isEmpty ? nil : earlier.median
            // Over twice its usual duration, with at least five earlier runs to judge by, and by `slowFloor` or more.
            let slower =
                test.outcome != .skipped && earlier.count >= 5
                && usual.map { test.duration > 2 * $0 && test.duration - $0 >= Self.slowFloor }
                    ?? false
            // No count: every result of the test in the window was a skip.
            let counts = flaky[test.id.timingKey] ?? (flaky: 0, runs: counted.count)
            tests[test.id.rawValue] = TestHistory(
                outcomes: past.map(\.outcome), durations: past.map(\.duration), flakyRuns: counts.flaky, runs: counts.runs,
                usualDuration: usual, slowerThanUsual: slower
            )
            tests[test.id.rawValue]?.flakyCause = counts.flaky > 0 ? causes[test.id.timingKey]?.cause : nil
        }
        return HistoryDigest(runs: runs, tests: tests, window: window)
    }

    /// A test is "slower than usual" only when it also lost this much: a 2 ms test taking 5 ms is noise.
    static let slowFloor = 0.1

    /// Per test key: runs in which it was flaky, and runs in which it ran (skips aside).
    ///
    /// Flaky: it failed and then passed on a retry; or it failed where another run of the
    /// same commit passed (counting the failures only, so one bad run of a commit counts once);
    /// or a bisection found, in that run, the tests its outcome depended on (a brittle test
    /// failing in every attempt of a shuffled run, whose state-setter an earlier run showed).
    static func flakyRuns(_ results: [WindowResult]) -> [String: (flaky: Int, runs: Int)] {
        // Each (key, commit) that passed somewhere in the window: a failure of the same pair contradicts it.
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
            if retried || contradicted || result.orderDependent { counts[result.key, default: (0, 0)].flaky += 1 }
        }
        return counts
    }
}
