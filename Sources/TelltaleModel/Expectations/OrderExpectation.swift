/// Events that must arrive in this order: `order:` in a plan's expectations. With `gaps`,
/// other events may come between them; without, they must be consecutive.
package struct OrderExpectation: Sendable, Hashable {
    package var events: [EventSpec]
    package var gaps: Bool
    package var location: SourceLocation?

    package init(_ events: [EventSpec], gaps: Bool = true, location: SourceLocation? = nil) {
        self.events = events
        self.gaps = gaps
        self.location = location
    }
}
