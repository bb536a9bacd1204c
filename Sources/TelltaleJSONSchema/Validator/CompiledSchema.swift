/// A `JSONSchema` ready to run: enum values hashed, patterns compiled, `$ref`s turned into
/// indexes of a table, the "expected" texts of messages written once. A class: a nested schema
/// is read for every member of every event, and a reference costs one retain where a copy of
/// this many fields costs a dozen.
package final class CompiledSchema: Sendable {
    // The fields every value reads come first, inline: a schema node is read for every value
    // of every event, and a field in another allocation (an array's storage) costs a cache miss.
    let rejectsEverything: Bool
    /// The allowed types as bits (`TypeMask`); 0 allows any.
    let typeMask: TypeMask
    /// The `$ref` target's index in the validator's table.
    let reference: Int?
    /// Whether `allOf`, `anyOf` or `oneOf` has members: most schemas have none, and checking
    /// one flag is cheaper than three arrays for every value.
    let composes: Bool
    /// `enum`, hashed: one lookup however many values it lists.
    let allowed: Set<JSONValue>?
    /// `const`.
    let constant: JSONValue?
    let pattern: CompiledRegex?
    let format: ValueFormat?
    let numberBounds: NumberBounds?
    /// `minLength` and `maxLength`, in code points.
    let length: (minimum: Int?, maximum: Int?)
    /// `minItems` and `maxItems`.
    let itemCount: (minimum: Int?, maximum: Int?)
    /// `properties` by name, which tells a described member from an extra one.
    let properties: [String: CompiledSchema]
    /// Properties in plan order, then required names the schema does not describe: members
    /// are checked in this order (one lookup each), and messages list it.
    let members: [Member]
    let additional: Additional
    /// The schemas of the first elements, by position: `prefixItems`, or draft-07's list `items`.
    let prefixItems: [CompiledSchema]
    /// The schema of every element after `prefixItems`.
    let items: CompiledSchema?
    let allOf: [CompiledSchema]
    let anyOf: [CompiledSchema]
    let oneOf: [CompiledSchema]
    /// Messages' expected texts, written once: `string or null`, `one of "USD", "EUR"`.
    let typeText: String
    let allowedText: String
    let constantText: String

    struct Member: Sendable {
        let name: String
        /// Nil for a required name `properties` does not describe.
        let schema: CompiledSchema?
        let required: Bool
        /// What the member should have been, for a message when it is missing.
        let typeText: String
    }

    /// JSON types as bits, so a value's type is checked without leaving the node.
    struct TypeMask: OptionSet, Sendable {
        let rawValue: UInt8

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(_ types: [JSONType]) {
            self = []
            // One bit per `JSONType`, by its position in `allCases`.
            for type in types { insert(TypeMask(rawValue: 1 << UInt8(JSONType.allCases.firstIndex(of: type)!))) }
        }

        static let string = TypeMask([.string])
        static let number = TypeMask([.number])
        static let integer = TypeMask([.integer])
        static let boolean = TypeMask([.boolean])
        static let object = TypeMask([.object])
        static let array = TypeMask([.array])
        static let null = TypeMask([.null])

        /// The types a value has: a whole number is an `integer` and a `number`.
        static func of(_ value: JSONValue) -> TypeMask {
            switch value {
            case .string: .string
            case .number(let number): number.isFinite && number == number.rounded(.towardZero) ? [.number, .integer] : .number
            case .bool: .boolean
            case .object: .object
            case .array: .array
            case .null: .null
            }
        }
    }

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

    package init(_ schema: JSONSchema, compiler: inout SchemaCompiler) throws(VerificationError) {
        rejectsEverything = schema.rejectsEverything
        typeMask = TypeMask(schema.types)
        allowed = schema.enumValues.map(Set.init)
        allowedText = schema.enumValues.map { "one of " + $0.map { $0.jsonText() }.joined(separator: ", ") } ?? ""
        constant = schema.constValue
        constantText = schema.constValue.map { "one of \($0.jsonText())" } ?? ""
        let subject = compiler.subject
        pattern = try schema.pattern.map { (pattern) throws(VerificationError) in
            try compiler.regexes.regex(pattern, context: SchemaCompiler.context(of: schema, subject: subject))
        }
        format = schema.checkedFormat
        let range = NumberRange(gt: schema.exclusiveMinimum, gte: schema.minimum, lt: schema.exclusiveMaximum, lte: schema.maximum)
        numberBounds = range.isEmpty ? nil : NumberBounds(range: range, text: "number \(range)")
        length = (schema.minLength, schema.maxLength)
        itemCount = (schema.minItems, schema.maxItems)
        let required = Set(schema.required)
        var properties: [String: CompiledSchema] = [:]
        var members: [Member] = []
        // The first of a repeated property name wins.
        for property in schema.properties where properties[property.name] == nil {
            let compiled = try CompiledSchema(property.schema, compiler: &compiler)
            properties[property.name] = compiled
            members.append(
                Member(
                    name: property.name, schema: compiled, required: required.contains(property.name),
                    typeText: compiler.typeText(of: property.schema)))
        }
        // Required names `properties` does not describe: checked for presence only.
        for name in schema.required where properties[name] == nil && !members.contains(where: { $0.name == name }) {
            members.append(Member(name: name, schema: nil, required: true, typeText: "any value"))
        }
        self.properties = properties
        self.members = members
        switch schema.additionalProperties {
        case nil: additional = .any
        // `additionalProperties: false`: the message lists what the schema plans.
        case let extra? where extra.rejectsEverything:
            additional = .none(planned: members.isEmpty ? "no properties" : members.map(\.name).joined(separator: ", "))
        case let extra?: additional = .schema(try CompiledSchema(extra, compiler: &compiler))
        }
        prefixItems = try schema.prefixItems.map { (item) throws(VerificationError) in try CompiledSchema(item, compiler: &compiler) }
        items = try schema.items.map { (items) throws(VerificationError) in try CompiledSchema(items, compiler: &compiler) }
        allOf = try schema.allOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        anyOf = try schema.anyOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        oneOf = try schema.oneOf.map { (member) throws(VerificationError) in try CompiledSchema(member, compiler: &compiler) }
        // Numbered now and compiled by `referenceTable()`: compiling the target here would never end
        // for a recursive schema.
        reference = schema.reference.map { compiler.index(of: $0) }
        composes = !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty
        typeText = compiler.typeText(of: schema)
    }
}
