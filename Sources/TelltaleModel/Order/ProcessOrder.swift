/// The order tests started in each test process of a run, read back from the record: every
/// result's and earlier attempt's `TestPlacement`.
package struct ProcessOrder: Sendable {
    /// By process: its tests with their positions, in the order they started.
    private var placed: [String: [(position: Int, test: TestID)]] = [:]

    package init(_ results: [TestResult]) {
        var placed: [String: [(Int, TestID)]] = [:]
        for result in results {
            for attempt in result.allAttempts {
                guard let placement = attempt.placement else { continue }
                placed[placement.process, default: []].append((placement.position, result.id))
            }
        }
        self.placed = placed.mapValues { $0.sorted { $0.0 < $1.0 }.map { (position: $0.0, test: $0.1) } }
    }

    /// The processes of the run.
    package var processes: [String] { placed.keys.sorted() }

    /// The tests of `process` in the order they started.
    package func tests(in process: String) -> [TestID] {
        (placed[process] ?? []).map(\.test)
    }

    /// The tests that started before `position` in `process`, in their order.
    package func predecessors(in process: String, before position: Int) -> [TestID] {
        (placed[process] ?? []).filter { $0.position < position }.map(\.test)
    }
}
