/// Delays between readiness tries: short at first, so a fast service is seen
/// as ready within milliseconds, then capped, so a slow one is not hammered.
struct Backoff: Sendable {
    static let initial = Duration.milliseconds(5)
    static let cap = Duration.milliseconds(100)

    private(set) var current = Backoff.initial

    mutating func next() -> Duration {
        defer { current = min(current * 2, Self.cap) }
        return current
    }
}
