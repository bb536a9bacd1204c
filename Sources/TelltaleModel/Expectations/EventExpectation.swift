/// An event a test must send: `events:` in a plan's expectations.
public struct EventExpectation: Sendable, Hashable {
    public var event: EventSpec
    public var count: EventCount

    public init(_ event: EventSpec, count: EventCount = .once) {
        self.event = event
        self.count = count
    }
}
