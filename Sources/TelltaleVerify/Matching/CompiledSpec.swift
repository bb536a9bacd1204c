import TelltaleModel

/// An `EventSpec` ready to run.
struct CompiledSpec: Sendable {
    /// As the plan wrote it: its location points a failure at the plan line, its description is the
    /// "expected …" of messages.
    let source: EventSpec
    let fields: [CompiledField]

    var name: String { source.name }

    /// `context` names the block the spec is in, for the error of a regex that does not compile.
    init(_ spec: EventSpec, context: String, regexes: inout RegexCache) throws(VerificationError) {
        source = spec
        let context = "\(context): \(spec.name)"
        fields = try spec.params.map { (field) throws(VerificationError) in try CompiledField(field, context: context, regexes: &regexes) }
    }

    /// Name and params: what `order:` checks, where events of every name go past.
    func matches(_ event: Event) -> Bool {
        event.name == source.name && matchesParams(event)
    }

    /// Params only, for callers that already took the events of the spec's name
    /// (`TestEvents.positions(named:)`), or that accept any name (`EventMatcher` without one).
    func matchesParams(_ event: Event) -> Bool {
        fields.allSatisfy { $0.matches(event.params) }
    }

    /// What a near miss shows: each expected param the event does not match, at its path.
    func differences(_ event: Event) -> [ParamDifference] {
        fields.flatMap { $0.differences(event.params, under: "") }
    }

    /// How many expected params the event matches: the second key of the near-miss ranking.
    func matchedFieldCount(_ event: Event) -> Int {
        fields.count { $0.matches(event.params) }
    }
}
