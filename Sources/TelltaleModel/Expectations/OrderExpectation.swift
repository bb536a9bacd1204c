/// Events that must arrive in this order: `order:` in a plan's expectations. With `gaps`,
/// other events may come between them; without, they must be consecutive.
public struct OrderExpectation: Sendable, Hashable {
    public var events: [EventSpec]
    public var gaps: Bool
    public var location: SourceLocation?

    public init(_ events: [EventSpec], gaps: Bool = true, location: SourceLocation? = nil) {
        self.events = events
        self.gaps = gaps
        self.location = location
    }
}
