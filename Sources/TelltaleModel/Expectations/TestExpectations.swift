/// What a plan expects of the analytics of the tests one key selects.
public struct TestExpectations: Sendable, Hashable {
    public var selector: TestSelector
    /// Events that must be sent, each with its count.
    public var events: [EventExpectation]
    /// Events that must not be sent.
    public var forbid: [EventSpec]
    /// A sequence the events must follow.
    public var order: OrderExpectation?
    /// When set, an event that no `events` or `order` entry expects fails the test.
    public var strict: Bool
    /// Where the key is written in the plan.
    public var location: SourceLocation?

    public init(
        _ selector: TestSelector, events: [EventExpectation] = [], forbid: [EventSpec] = [],
        order: OrderExpectation? = nil, strict: Bool = false, location: SourceLocation? = nil
    ) {
        self.selector = selector
        self.events = events
        self.forbid = forbid
        self.order = order
        self.strict = strict
        self.location = location
    }
}
