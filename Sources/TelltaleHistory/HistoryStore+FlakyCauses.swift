import Foundation
import TelltaleModel

/// Why each flaky test is flaky across the history's recent runs: `FlakyClassifier` over every
/// attempt of its results there (the machine from each run's host), with the order dependencies
/// that runs' bisections found.
extension HistoryStore {
    /// By test key: the cause over the last `window` runs, and the order dependency it rests on.
    func flakyCauses(keys: [String], window: Int) async throws(HistoryError) -> [String: (cause: FlakyCause, dependency: OrderDependency?)] {
        guard !keys.isEmpty else { return [:] }
        let results = try await run { try await $0.storedResults(keys: keys.sorted(), runs: window) }
        return Dictionary(grouping: results, by: \.key).compactMapValues(Self.cause)
    }

    /// The cause of one test's results (oldest run first): a bisection that found its polluters
    /// or state-setters in any run wins (the newest), else the pattern of all its runs; when the
    /// runs show no failure and pass together, the newest cause a run gave it.
    static func cause(of results: [StoredResult]) -> (cause: FlakyCause, dependency: OrderDependency?)? {
        let dependencies = results.compactMap(\.orderDependency)
        let dependency = dependencies.last { $0.verdict == .found } ?? dependencies.last
        if let cause = FlakyClassifier.classify(results.flatMap(\.observations), orderDependency: dependency) {
            return (cause, dependency)
        }
        return results.compactMap(\.flakyCause).last.map { ($0, dependency) }
    }
}
