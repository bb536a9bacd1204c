import TelltaleModel

/// The answer to a wait: the matching events, and on a timeout the nearest misses.
public struct WaitOutcome: Codable, Sendable, Hashable {
    public var matched: Bool
    /// How many events matched (may be short of the count on a timeout).
    public var count: Int
    public var events: [Event]
    public var nearestMisses: [NearMiss]

    public init(matched: Bool, count: Int, events: [Event], nearestMisses: [NearMiss]) {
        self.matched = matched
        self.count = count
        self.events = events
        self.nearestMisses = nearestMisses
    }
}
