import TelltaleModel

/// An `EventSpec` ready to run.
struct CompiledSpec: Sendable {
    let source: EventSpec
    let fields: [CompiledField]

    var name: String { source.name }

    init(_ spec: EventSpec, context: String, regexes: inout RegexCache) throws(VerificationError) {
        source = spec
        let context = "\(context): \(spec.name)"
        fields = try spec.params.map { (field) throws(VerificationError) in try CompiledField(field, context: context, regexes: &regexes) }
    }

    func matches(_ event: Event) -> Bool {
        event.name == source.name && matchesParams(event)
    }

    func matchesParams(_ event: Event) -> Bool {
        fields.allSatisfy { $0.matches(event.params) }
    }

    func differences(_ event: Event) -> [ParamDifference] {
        fields.flatMap { $0.differences(event.params, under: "") }
    }

    func matchedFieldCount(_ event: Event) -> Int {
        fields.count { $0.matches(event.params) }
    }
}
