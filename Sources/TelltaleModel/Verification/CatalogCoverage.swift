/// How much of the tracking plan a run exercised.
package struct CatalogCoverage: Codable, Sendable, Hashable {
    /// One entry per planned event, in the plan's order.
    package var events: [Entry]

    package struct Entry: Codable, Sendable, Hashable {
        package var name: String
        /// Captured events of this name in the run, whichever test (or none) sent them.
        package var count: Int

        package init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    package init(events: [Entry]) {
        self.events = events
    }

    /// Planned events nothing sent.
    package var unproduced: [String] { events.filter { $0.count == 0 }.map(\.name) }

    /// Produced planned events over planned events, 0 to 1; 1 for an empty plan.
    package var fraction: Double {
        events.isEmpty ? 1 : Double(events.count { $0.count > 0 }) / Double(events.count)
    }
}
