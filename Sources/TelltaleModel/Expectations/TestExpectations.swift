/// What a plan expects of the analytics of the tests one key selects.
package struct TestExpectations: Sendable, Hashable {
    package var selector: TestSelector
    /// Events that must be sent, each with its count.
    package var events: [EventExpectation]
    /// Events that must not be sent.
    package var forbid: [EventSpec]
    /// A sequence the events must follow.
    package var order: OrderExpectation?
    /// When set, an event that no `events` or `order` entry expects fails the test.
    package var strict: Bool
    /// Where the key is written in the plan.
    package var location: SourceLocation?

    package init(
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
