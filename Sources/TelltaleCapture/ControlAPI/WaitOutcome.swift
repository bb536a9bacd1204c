import TelltaleModel

/// The answer to a wait: the matching events, and on a timeout the nearest misses.
package struct WaitOutcome: Codable, Sendable, Hashable {
    package var matched: Bool
    /// How many events matched (may be short of the count on a timeout).
    package var count: Int
    package var events: [Event]
    /// On a timeout, the events in scope most like the wanted one (`EventMatcher.closest`).
    package var nearestMisses: [ClosestEvent]

    package init(matched: Bool, count: Int, events: [Event], nearestMisses: [ClosestEvent]) {
        self.matched = matched
        self.count = count
        self.events = events
        self.nearestMisses = nearestMisses
    }
}
