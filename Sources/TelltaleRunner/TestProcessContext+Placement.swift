import Foundation
import TelltaleModel

extension TestProcessContext {
    /// A new test process's id, unique across runs: this worker's session and the run's count.
    func newProcess() async -> String {
        "\(session ?? "w\(worker)")/p\(await ledger.newProcess())"
    }

    /// `results` of one process, each placed in it: its position is the order the tests started
    /// in (as the framework reported them, not as they were asked for), ties kept in the order
    /// they were reported.
    func place(_ results: [TestResult], in process: String) -> [TestResult] {
        let started = results.indices.sorted { a, b in
            let (x, y) = (results[a].startedAt ?? .distantFuture, results[b].startedAt ?? .distantFuture)
            return x != y ? x < y : a < b
        }
        var placed = results
        for (position, index) in started.enumerated() {
            placed[index].placement = TestPlacement(process: process, position: position, worker: worker, seed: seed)
        }
        return placed
    }
}
