/// An event a test must send: `events:` in a plan's expectations.
package struct EventExpectation: Sendable, Hashable {
    package var event: EventSpec
    package var count: EventCount

    package init(_ event: EventSpec, count: EventCount = .once) {
        self.event = event
        self.count = count
    }
}
