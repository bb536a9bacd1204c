import Foundation
import TelltaleModel

extension HistoryStore {
    /// How many of the base's runs up to its baseline give each test's spread of durations.
    package static let baselineSpread = 10

    /// The base of a change as the history ran it: the newest clean run of `commit` (the base's
    /// commit, its merge-base with the change), else the newest clean run of `branch`; each test
    /// with its outcome, whether it was flaky there, and its durations over the base's last
    /// `spread` runs (its branch's, else its commit's). Nil when the history has neither. A run
    /// with uncommitted changes is not its commit's, and a shard is not a run: neither is a baseline.
    package func baseline(commit: String?, branch: String?, spread: Int = HistoryStore.baselineSpread) async throws(HistoryError) -> Baseline? {
        guard commit != nil || branch != nil else { return nil }
        guard let stored = try await run({ try await $0.baselineRun(commit: commit, branch: branch, spread: spread) }) else { return nil }
        let point = stored.run.point
        // Named as the base was asked for (its branch), else as the run found recorded itself.
        let source = BaselineSource(
            kind: .history, name: branch ?? point.branch ?? point.commit.map { String($0.prefix(8)) } ?? "the base", match: stored.match,
            commit: point.commit, branch: point.branch, startedAt: point.startedAt, run: stored.run.id, tests: stored.results.count)
        // Each test as the base's run recorded it, with its spread (nil for a test the base's runs only skipped).
        let tests = stored.results.map { result in
            let test = result.testResult
            return BaselineTest(
                id: test.id, outcome: test.outcome, flaky: test.isFlaky, duration: test.duration, durations: stored.durations[result.key])
        }
        return Baseline(source: source, tests: tests)
    }
}
