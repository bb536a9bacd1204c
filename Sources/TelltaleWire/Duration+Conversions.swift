/// Duration in the units Foundation, NIO and people use, written once.
extension Duration {
    /// Seconds as a `Double`: `TimeInterval`, JSON numbers and comparisons with `Date`s.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Whole milliseconds, rounded down: progress lines and poll timeouts.
    public var inMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// Whole nanoseconds, rounded down: NIO's `TimeAmount`.
    public var inNanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
