import TelltaleModel

/// A `ValueSchema` ready to run: enum values hashed, patterns compiled, the "expected" texts
/// of messages written once. A class: a nested schema is read for every member of every
/// event, and a reference costs one retain where a copy of this many fields costs a dozen.
final class CompiledSchema: Sendable {
    let types: [JSONType]
    let allowed: Set<JSONValue>?
    let pattern: CompiledRegex?
    let format: ValueFormat?
    let numberBounds: NumberBounds?
    let length: (minimum: Int?, maximum: Int?)
    let itemCount: (minimum: Int?, maximum: Int?)
    let properties: [String: CompiledSchema]
    /// Property names in plan order: required checks run in it, and messages list it.
    let propertyOrder: [String]
    let required: Set<String>
    let additionalProperties: Bool
    let items: CompiledSchema?
    let typeText: String
    let allowedText: String

    struct NumberBounds: Sendable {
        let range: NumberRange
        let text: String
    }

    init(_ schema: ValueSchema, context: String, regexes: inout RegexCache) throws(VerificationError) {
        types = schema.types
        allowed = schema.allowed.map(Set.init)
        allowedText = schema.allowed.map { "one of " + $0.map { $0.jsonText() }.joined(separator: ", ") } ?? ""
        pattern = try schema.pattern.map { (pattern) throws(VerificationError) in try regexes.regex(pattern, context: context) }
        format = schema.format
        let range = NumberRange(gt: schema.exclusiveMinimum, gte: schema.minimum, lt: schema.exclusiveMaximum, lte: schema.maximum)
        numberBounds = range.isEmpty ? nil : NumberBounds(range: range, text: "number \(range)")
        length = (schema.minLength, schema.maxLength)
        itemCount = (schema.minItems, schema.maxItems)
        var properties: [String: CompiledSchema] = [:]
        var order: [String] = []
        for property in schema.properties where properties[property.name] == nil {
            properties[property.name] = try CompiledSchema(property.schema, context: "\(context).\(property.name)", regexes: &regexes)
            order.append(property.name)
        }
        self.properties = properties
        propertyOrder = order
        required = Set(schema.properties.filter(\.required).map(\.name))
        additionalProperties = schema.additionalProperties
        items = try schema.items.map { (items) throws(VerificationError) in
            try CompiledSchema(items, context: "\(context)[]", regexes: &regexes)
        }
        typeText = schema.types.isEmpty ? "any value" : schema.types.map(\.rawValue).joined(separator: " or ")
    }
}
