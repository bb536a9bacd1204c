/// An event by name and, optionally, parameter matchers: what `events:`, `forbid:` and `order:`
/// name. An event matches when its name is `name` and every field matches.
public struct EventSpec: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var params: [ParamField]
    /// Where the plan declares it.
    public var location: SourceLocation?

    public init(name: String, params: [ParamField] = [], location: SourceLocation? = nil) {
        self.name = name
        self.params = params
        self.location = location
    }

    /// `purchase_completed { currency: "USD", value: number > 0 }`.
    public var description: String {
        params.isEmpty ? name : "\(name) \(ParamMatcher.fieldList(params))"
    }
}
