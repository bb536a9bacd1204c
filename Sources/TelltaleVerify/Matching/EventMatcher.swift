import TelltaleModel

/// Whether an event is the one expected, and which of the others came nearest: the one
/// matcher and nearest-miss ranking that plan verification, the capture server's
/// `/_telltale/wait` and `EventVerifier` all go through, so a miss reads the same wherever
/// it is shown.
public struct EventMatcher: Sendable, Hashable {
    /// The expected name; nil matches any name.
    public let name: String?
    public let params: [ParamField]
    private let compiled: CompiledSpec

    /// An event named `name` (any, when nil) whose params match `params`.
    public init(name: String?, params: [ParamField] = []) throws(VerificationError) {
        var regexes = RegexCache()
        self.name = name
        self.params = params
        compiled = try CompiledSpec(EventSpec(name: name ?? "", params: params), context: "event matcher", regexes: &regexes)
    }

    /// An event named `name` whose top-level params equal these values (numbers by value).
    /// Equality compiles no regex, so this cannot fail.
    public init(name: String?, equalParams: [String: JSONValue]) {
        let fields = equalParams.keys.sorted().map { ParamField($0, .equals(equalParams[$0]!)) }
        // Equality holds no pattern to compile: the throwing initializer cannot throw here.
        try! self.init(name: name, params: fields)
    }

    /// How many near misses a failure shows.
    public static let nearestMissLimit = 3

    public func matches(_ event: Event) -> Bool {
        (name == nil || event.name == name) && compiled.matchesParams(event)
    }

    /// The events most like the expected one that do not match it, closest first: the same
    /// name first, then the share of params that match, then how alike the name is.
    public func closest(in events: [Event], limit: Int = EventMatcher.nearestMissLimit) -> [ClosestEvent] {
        NearMissRanker.closest(to: compiled, named: name, in: events.filter { !matches($0) }, limit: limit)
    }

    public static func == (lhs: EventMatcher, rhs: EventMatcher) -> Bool {
        lhs.name == rhs.name && lhs.params == rhs.params
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(params)
    }
}
