import Foundation
import TelltaleModel

extension HistoryStore {
    /// A recorded run as `history runs` lists it: its id in the history, its point of the
    /// trend, its host and how it ordered its tests.
    package struct ListedRun: Sendable, Hashable {
        /// The run's row: what `telltale bisect --run RUN_ID` takes.
        package var id: Int64
        package var point: HistoryRunPoint
        package var host: String?
        /// `--shuffle`'s seed and `--repeat`'s repetitions; nil for a run that did neither, or recorded before they were kept.
        package var order: RunOrder?

        init(id: Int64, point: HistoryRunPoint, host: String?, seed: Int?, repetitions: Int?, untilFailure: Bool?) {
            self.id = id
            self.point = point
            self.host = host
            order =
                seed != nil || repetitions != nil
                ? RunOrder(seed: seed, repetitions: repetitions ?? 1, untilFailure: untilFailure ?? false) : nil
        }
    }

    /// A run read back from the history: what `telltale bisect --run RUN_ID` rebuilds its test
    /// processes from (`ProcessOrder` over the results' placements).
    package struct StoredRunRecord: Sendable {
        package var run: ListedRun
        /// Each test's result with its earlier attempts and where each ran, as the run's record had
        /// them (messages and output aside); the framework guessed from the id.
        package var results: [TestResult]

        /// Whether any attempt has a recorded placement: a run from before the history kept them has none.
        package var hasOrder: Bool { results.contains { $0.allAttempts.contains { $0.placement != nil } } }
    }

    /// The run kept as `id`, nil when the history has no such run.
    package func storedRun(id: Int64) async throws(HistoryError) -> StoredRunRecord? {
        guard let stored = try await run({ try await $0.storedRun(id: id) }) else { return nil }
        return StoredRunRecord(run: stored.run, results: stored.results.map(\.testResult))
    }
}
