import TelltaleModel

/// Whether an event is the one expected, and which of the others came nearest: the one
/// matcher and nearest-miss ranking that plan verification, the capture server's
/// `/_telltale/wait` and `EventVerifier` all go through, so a miss reads the same wherever
/// it is shown.
package struct EventMatcher: Sendable, Hashable {
    /// The expected name; nil matches any name.
    package let name: String?
    package let params: [ParamField]
    /// The spec compiled; without a name it holds "", which `matches` never compares.
    private let compiled: CompiledSpec

    /// An event named `name` (any, when nil) whose params match `params`.
    package init(name: String?, params: [ParamField] = []) throws(VerificationError) {
        var regexes = RegexCache()
        self.name = name
        self.params = params
        compiled = try CompiledSpec(EventSpec(name: name ?? "", params: params), context: "event matcher", regexes: &regexes)
    }

    /// An event named `name` whose top-level params equal these values (numbers by value).
    /// Equality compiles no regex, so this cannot fail.
    package init(name: String?, equalParams: [String: JSONValue]) {
        let fields = equalParams.keys.sorted().map { ParamField($0, .equals(equalParams[$0]!)) }
        // Equality holds no pattern to compile: the throwing initializer cannot throw here.
        try! self.init(name: name, params: fields)
    }

    /// How many near misses a failure shows.
    package static let nearestMissLimit = 3

    package func matches(_ event: Event) -> Bool {
        (name == nil || event.name == name) && compiled.matchesParams(event)
    }

    /// The events most like the expected one that do not match it, closest first: the same
    /// name first, then the share of params that match, then how alike the name is.
    package func closest(in events: [Event], limit: Int = EventMatcher.nearestMissLimit) -> [ClosestEvent] {
        NearMissRanker.closest(to: compiled, named: name, in: events.filter { !matches($0) }, limit: limit)
    }

    // Equal by what was asked for: the compiled spec follows from it.
    package static func == (lhs: EventMatcher, rhs: EventMatcher) -> Bool {
        lhs.name == rhs.name && lhs.params == rhs.params
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(params)
    }
}
