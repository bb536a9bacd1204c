/// A pass of a test after other tests in one process of an earlier run (the history's): where a
/// test that fails in every attempt of this run is bisected over, as a suspected brittle test.
public struct EarlierPass: Sendable, Hashable {
    /// The run, as `telltale history runs` and `bisect --run` name it (`#12`).
    public var run: Int64
    /// The process (`TestPlacement.process`).
    public var process: String
    /// The tests that started before it there, in their order.
    public var predecessors: [TestID]

    public init(run: Int64, process: String, predecessors: [TestID]) {
        self.run = run
        self.process = process
        self.predecessors = predecessors
    }
}
