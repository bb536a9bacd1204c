import TelltaleModel

/// One test's events in arrival order, with an index by name: an expectation only looks at
/// events of its own name. Hot loops go through positions, so no event is copied to be read.
struct TestEvents {
    /// The test's events sorted by `receivedAt`, ties in capture order: the order `order:`
    /// checks and ids are listed in.
    let events: [Event]
    /// Positions in `events` by name, each list ascending.
    private let positionsByName: [String: [Int]]

    init(_ events: [Event]) {
        self.events = Self.inArrivalOrder(events)
        var positions: [String: [Int]] = [:]
        for position in self.events.indices {
            positions[self.events[position].name, default: []].append(position)
        }
        self.positionsByName = positions
    }

    /// Positions in `events` of the events called `name`, in arrival order.
    func positions(named name: String) -> [Int] {
        positionsByName[name] ?? []
    }

    /// By `receivedAt`, ties in the order given. Events usually come sorted; checking is cheaper than sorting.
    private static func inArrivalOrder(_ events: [Event]) -> [Event] {
        let sorted = events.indices.dropFirst().allSatisfy { events[$0 - 1].receivedAt <= events[$0].receivedAt }
        if sorted { return events }
        let order = events.indices.sorted { (events[$0].receivedAt, $0) < (events[$1].receivedAt, $1) }
        return order.map { events[$0] }
    }
}
