/// How much of the tracking plan a run exercised.
public struct CatalogCoverage: Codable, Sendable, Hashable {
    /// One entry per planned event, in the plan's order.
    public var events: [Entry]

    public struct Entry: Codable, Sendable, Hashable {
        public var name: String
        /// Captured events of this name in the run, whichever test (or none) sent them.
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public init(events: [Entry]) {
        self.events = events
    }

    /// Planned events nothing sent.
    public var unproduced: [String] { events.filter { $0.count == 0 }.map(\.name) }

    /// Produced planned events over planned events, 0 to 1; 1 for an empty plan.
    public var fraction: Double {
        events.isEmpty ? 1 : Double(events.count { $0.count > 0 }) / Double(events.count)
    }
}
