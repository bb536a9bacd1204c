/// A pass of a test after other tests in one process of an earlier run (the history's): where a
/// test that fails in every attempt of this run is bisected over, as a suspected brittle test.
package struct EarlierPass: Sendable, Hashable {
    /// The run, as `telltale history runs` and `bisect --run` name it (`#12`).
    package var run: Int64
    /// The process (`TestPlacement.process`).
    package var process: String
    /// The tests that started before it there, in their order.
    package var predecessors: [TestID]

    package init(run: Int64, process: String, predecessors: [TestID]) {
        self.run = run
        self.process = process
        self.predecessors = predecessors
    }
}
