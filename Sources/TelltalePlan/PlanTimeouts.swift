/// Time limits for a suite; nil means no limit of that kind.
public struct PlanTimeouts: Sendable, Equatable {
    /// The longest one test may take.
    public var test: Duration?
    /// The longest the whole suite may take.
    public var run: Duration?

    public init(test: Duration? = nil, run: Duration? = nil) {
        self.test = test
        self.run = run
    }
}
