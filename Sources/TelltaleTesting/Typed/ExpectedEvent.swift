import TelltaleWire

/// An event a test expects, built by the functions `telltale plan generate-swift --expectations`
/// emits (`.purchaseCompleted(total: .any, currency: .equals(.usd))`), so an expectation names
/// only events and properties the tracking plan has, with their types.
///
/// It lowers to what the string-keyed API checks: the name and the top-level properties that
/// must be equal, matched by the capture server's one `EventMatcher`.
public struct ExpectedEvent: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// The properties that must be present and equal; others are not checked.
    public var params: [String: JSONValue]

    public init(name: String, params: [String: JSONValue] = [:]) {
        self.name = name
        self.params = params
    }

    /// What generated code calls: each wire name with its property's `Match.expectedValue`
    /// (nil for `.any`, left out).
    public init(name: String, matching values: KeyValuePairs<String, JSONValue?>) {
        var params: [String: JSONValue] = [:]
        for (key, value) in values { params[key] = value }
        self.init(name: name, params: params)
    }

    /// The same expectation in the plan's model, as `events:` in a plan would hold it.
    public var spec: EventSpec {
        EventSpec(name: name, params: params.keys.sorted().map { ParamField($0, .equals(params[$0]!)) })
    }

    public var description: String { EventVerifier.describe(name, params) }
}
