import TelltaleModel

/// The answer to a wait: the matching events, and on a timeout the nearest misses.
public struct WaitOutcome: Codable, Sendable, Hashable {
    public var matched: Bool
    /// How many events matched (may be short of the count on a timeout).
    public var count: Int
    public var events: [Event]
    /// On a timeout, the events in scope most like the wanted one (`EventMatcher.closest`).
    public var nearestMisses: [ClosestEvent]

    public init(matched: Bool, count: Int, events: [Event], nearestMisses: [ClosestEvent]) {
        self.matched = matched
        self.count = count
        self.events = events
        self.nearestMisses = nearestMisses
    }
}
