import TelltaleModel

/// A `JSONSchema` ready to run: enum values hashed, patterns compiled, `$ref`s turned into
/// indexes of a table, the "expected" texts of messages written once. A class: a nested schema
/// is read for every member of every event, and a reference costs one retain where a copy of
/// this many fields costs a dozen.
final class CompiledSchema: Sendable {
    let rejectsEverything: Bool
    let types: [JSONType]
    let allowed: Set<JSONValue>?
    let constant: JSONValue?
    let pattern: CompiledRegex?
    let format: ValueFormat?
    let numberBounds: NumberBounds?
    let length: (minimum: Int?, maximum: Int?)
    let itemCount: (minimum: Int?, maximum: Int?)
    let properties: [String: CompiledSchema]
    /// Property names in plan order, then required names the schema does not describe:
    /// required checks run in it, and messages list it.
    let propertyOrder: [String]
    let required: Set<String>
    let additional: Additional
    let prefixItems: [CompiledSchema]
    let items: CompiledSchema?
    let allOf: [CompiledSchema]
    let anyOf: [CompiledSchema]
    let oneOf: [CompiledSchema]
    /// The `$ref` target's index in the validator's table.
    let reference: Int?
    let typeText: String
    let allowedText: String
    let constantText: String
    /// What an absent required member should have been, by name.
    let requiredTexts: [String: String]

    struct NumberBounds: Sendable {
        let range: NumberRange
        let text: String
    }

    /// What members other than `properties` may be.
    enum Additional: Sendable {
        case any
        /// None; the message lists `planned`.
        case none(planned: String)
        case schema(CompiledSchema)
    }

    init(_ schema: JSONSchema, compiler: inout SchemaCompiler) throws(VerificationError) {
        let context = compiler.context(of: schema)
        rejectsEverything = schema.rejectsEverything
        types = schema.types
        allowed = schema.enumValues.map(Set.init)
        allowedText = schema.enumValues.map { "one of " + $0.map { $0.jsonText() }.joined(separator: ", ") } ?? ""
        constant = schema.constValue
        constantText = schema.constValue.map { "one of \($0.jsonText())" } ?? ""
        pattern = try schema.pattern.map { (pattern) throws(VerificationError) in try compiler.regexes.regex(pattern, context: context) }
        format = schema.checkedFormat
        let range = NumberRange(gt: schema.exclusiveMinimum, gte: schema.minimum, lt: schema.exclusiveMaximum, lte: schema.maximum)
        numberBounds = range.isEmpty ? nil : NumberBounds(range: range, text: "number \(range)")
        length = (schema.minLength, schema.maxLength)
        itemCount = (schema.minItems, schema.maxItems)
        var properties: [String: CompiledSchema] = [:]
        var order: [String] = []
        var requiredTexts: [String: String] = [:]
        for property in schema.properties where properties[property.name] == nil {
            properties[property.name] = try CompiledSchema(property.schema, compiler: &compiler)
            order.append(property.name)
            requiredTexts[property.name] = compiler.typeText(of: property.schema)
        }
        for name in schema.required where properties[name] == nil && !order.contains(name) {
            order.append(name)
            requiredTexts[name] = "any value"
        }
        self.properties = properties
        propertyOrder = order
        required = Set(schema.required)
        self.requiredTexts = requiredTexts
        switch schema.additionalProperties {
        case nil: additional = .any
        case let extra? where extra.rejectsEverything:
            additional = .none(planned: order.isEmpty ? "no properties" : order.joined(separator: ", "))
        case let extra?: additional = .schema(try CompiledSchema(extra, compiler: &compiler))
        }
        prefixItems = try schema.prefixItems.map { (item) throws(VerificationError) in try CompiledSchema(item, compiler: &compiler) }
        items = try schema.items.map { (items) throws(VerificationError) in try CompiledSchema(items, compiler: &compiler) }
        allOf = try schema.allOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        anyOf = try schema.anyOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        oneOf = try schema.oneOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        reference = schema.reference.map { compiler.index(of: $0) }
        typeText = compiler.typeText(of: schema)
    }
}
