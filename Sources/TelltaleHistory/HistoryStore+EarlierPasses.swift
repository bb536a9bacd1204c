import Foundation
import TelltaleModel

/// Where earlier runs passed a test after other tests: what a test that fails in every attempt
/// of a run is bisected over, to find the state-setters it needs (a brittle test whose
/// state-setter a shuffled run, or a split class, no longer puts before it).
extension HistoryStore {
    /// For each of `tests`, its newest pass after other tests in the last `window` runs, with
    /// the tests that ran before it in that process (from the run's placements); none for a test
    /// that passed only alone, or never, there. Each run is read once.
    package func earlierPasses(of tests: [TestID], window: Int = HistoryStore.defaultWindow) async throws(HistoryError) -> [TestID: EarlierPass] {
        guard !tests.isEmpty else { return [:] }
        // Keyed as the history keys tests: two ids with one key are one test there, the first given stands for both.
        let byKey = Dictionary(tests.map { ($0.timingKey, $0) }) { first, _ in first }
        let stored = try await run { try await $0.storedResults(keys: byKey.keys.sorted(), runs: window) }
        // Oldest run first: the newest pass wins.
        var newest: [TestID: (run: Int64, placement: TestPlacement)] = [:]
        for result in stored {
            guard let id = byKey[result.key] else { continue }
            // Its newest attempt in that run that passed after other tests in its process (not alone).
            let passed = result.attempts.last { $0.outcome == .passed && $0.placement.map { !$0.isAlone } == true }
            if let placement = passed?.placement { newest[id] = (result.runID, placement) }
        }
        var passes: [TestID: EarlierPass] = [:]
        // Each run read whole once, however many of `tests` passed in it: its placements give the predecessors.
        for runID in Set(newest.values.map(\.run)).sorted() {
            guard let recorded = try await storedRun(id: runID) else { continue }
            let order = ProcessOrder(recorded.results)
            for (id, pass) in newest where pass.run == runID {
                let predecessors = order.predecessors(in: pass.placement.process, before: pass.placement.position)
                if !predecessors.isEmpty { passes[id] = EarlierPass(run: runID, process: pass.placement.process, predecessors: predecessors) }
            }
        }
        return passes
    }
}
