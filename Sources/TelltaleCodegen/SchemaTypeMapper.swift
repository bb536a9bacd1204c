import TelltaleModel

/// Walks a planned event's params schema (`CatalogEvent.paramsSchema`, `$ref`s through the
/// catalog's `definitions`) into Swift declarations: `string` → `String`, `integer` → `Int`,
/// `number` → `Double`, `boolean` → `Bool`, a string `enum` → a nested `String` enum, an
/// object with `properties` → a nested struct, an array → `[T]`, `format: date-time` →
/// `Date`; not required or nullable → optional. What has no closer Swift type (mixed types,
/// objects with no `properties`, mixed `oneOf`, recursion) is `JSONValue`.
struct SchemaTypeMapper {
    /// The catalog's `definitions`, by the absolute URI a `JSONSchema.reference` holds.
    let definitions: [String: JSONSchema]

    /// How deep `$ref`s and nesting are followed before a value becomes `JSONValue`: a
    /// recursive schema (a category with subcategories) would otherwise never end.
    static let maximumDepth = 12

    /// The event's struct, named `typeName`, documented with the event's description (else its
    /// schema's description or title) and the name it is sent as.
    func event(_ event: CatalogEvent, typeName: String, functionName: String) -> GeneratedEvent {
        // A `$ref` that leads nowhere leaves the schema as written: it has no properties, so the
        // struct is empty.
        let schema = resolved(event.paramsSchema, depth: 0) ?? event.paramsSchema
        var documentation = Self.lines(event.description ?? schema.description ?? schema.title)
        if !documentation.isEmpty { documentation.append("") }
        documentation.append("Sent as `\(event.name)`.")
        var structure = self.structure(named: typeName, path: [typeName], schema: schema, depth: 0)
        structure.documentation = documentation
        return GeneratedEvent(eventName: event.name, structure: structure, functionName: functionName)
    }

    /// A struct with a property per schema property, in the order written; `path` is its name from
    /// the file's top level, which its nested types extend.
    private func structure(named name: String, path: [String], schema: JSONSchema, depth: Int) -> GeneratedStruct {
        var memberNames: Set<String> = []
        // A nested type never takes its enclosing type's name, which would hide it.
        var typeNames: Set<String> = [name]
        var properties: [GeneratedProperty] = []
        var nested: [GeneratedDeclaration] = []
        for property in schema.properties {
            let swiftName = SwiftName.unique(SwiftName.member(property.name), in: &memberNames)
            let target = resolved(property.schema, depth: depth + 1)
            var nullable = false
            let type: SwiftType
            if let target {
                let shape = self.shape(of: target, depth: depth + 1)
                nullable = shape.nullable
                type = declare(
                    shape.kind, propertyName: property.name, path: path, depth: depth + 1, typeNames: &typeNames, nested: &nested)
            } else {
                // A `$ref` to a missing target, or a cycle: nothing is known of the value.
                type = .json
            }
            // The property's own description first, then its `$ref` target's; a title only when
            // neither has a description.
            var documentation = Self.lines(property.schema.description ?? target?.description ?? property.schema.title ?? target?.title)
            if SwiftName.plain(swiftName) != property.name {
                if !documentation.isEmpty { documentation.append("") }
                documentation.append("Sent as `\(property.name)`.")
            }
            properties.append(
                GeneratedProperty(
                    swiftName: swiftName, wireName: property.name, type: type,
                    optional: nullable || !schema.required.contains(property.name), documentation: documentation))
        }
        return GeneratedStruct(name: name, documentation: Self.lines(schema.description), properties: properties, nested: nested)
    }

    /// The Swift type of a shape; an enum or struct is declared inside the enclosing type,
    /// named after the property.
    private func declare(
        _ kind: Shape.Kind, propertyName: String, path: [String], depth: Int, typeNames: inout Set<String>,
        nested: inout [GeneratedDeclaration]
    ) -> SwiftType {
        switch kind {
        case .simple(let type): return type
        case .array(let element):
            return .array(declare(element, propertyName: propertyName, path: path, depth: depth, typeNames: &typeNames, nested: &nested))
        case .enumeration(let values, let schema):
            let name = nestedName(propertyName, typeNames: &typeNames)
            var caseNames: Set<String> = []
            let cases = values.map { (name: SwiftName.unique(SwiftName.member($0), in: &caseNames), value: $0) }
            nested.append(.enumeration(GeneratedEnum(name: name, documentation: Self.lines(schema.description), cases: cases)))
            return .named(path + [name])
        case .object(let schema):
            let name = nestedName(propertyName, typeNames: &typeNames)
            nested.append(.structure(structure(named: name, path: path + [name], schema: schema, depth: depth)))
            return .named(path + [name])
        }
    }

    /// A nested type's name from its property's (`currency` → `Currency`), suffixed `Value` when it
    /// would shadow a type the file uses, and unique among the enclosing type's nested types.
    private func nestedName(_ propertyName: String, typeNames: inout Set<String>) -> String {
        var name = SwiftName.type(propertyName)
        if SwiftName.reservedTypes.contains(name) { name += "Value" }
        return SwiftName.unique(name, in: &typeNames)
    }

    // MARK: Shapes

    /// What a schema is, for Swift: a simple type, an enum of strings, an object with
    /// properties, an array of one of those; and whether null is allowed.
    struct Shape {
        indirect enum Kind {
            case simple(SwiftType)
            /// The allowed strings, and the schema whose description documents the enum.
            case enumeration([String], JSONSchema)
            /// An object with `properties`, declared as a nested struct.
            case object(JSONSchema)
            case array(Kind)
        }

        var kind: Kind
        var nullable: Bool

        static var json: Shape { Shape(kind: .simple(.json), nullable: false) }
    }

    /// The shape of a schema whose `$ref` is already resolved. Past `maximumDepth`, and for the
    /// `false` schema (no value is valid, so no Swift type says more), it is `JSONValue`.
    func shape(of schema: JSONSchema, depth: Int) -> Shape {
        guard depth <= Self.maximumDepth, !schema.rejectsEverything else { return .json }
        // A lone `allOf` member (a `$ref` with siblings, as draft-07 writers wrap one) is the schema.
        if schema.types.isEmpty, schema.properties.isEmpty, schema.enumValues == nil, schema.constValue == nil {
            if schema.allOf.count == 1, schema.anyOf.isEmpty, schema.oneOf.isEmpty, let only = resolved(schema.allOf[0], depth: depth) {
                return shape(of: only, depth: depth + 1)
            }
            let branches = schema.anyOf + schema.oneOf
            if !branches.isEmpty, schema.allOf.isEmpty, schema.anyOf.isEmpty || schema.oneOf.isEmpty {
                // `oneOf: [{type: string}, {type: "null"}]`: an optional string.
                let resolvedBranches = branches.compactMap { resolved($0, depth: depth) }
                guard resolvedBranches.count == branches.count else { return .json }
                let values = resolvedBranches.filter { !Self.isNull($0) }
                guard values.count == 1 else { return .json }
                var shape = shape(of: values[0], depth: depth + 1)
                shape.nullable = shape.nullable || values.count < resolvedBranches.count
                return shape
            }
        }
        // An `enum` or `const` of strings is a Swift enum; with other values and no `type`, the
        // values' own types stand for `type`.
        let allowed = schema.enumValues ?? schema.constValue.map { [$0] }
        var types = Set(schema.types)
        var nullable = types.remove(.null) != nil
        if let allowed {
            nullable = nullable || allowed.contains(.null)
            let values = allowed.filter { $0 != .null }
            if !values.isEmpty, types.isEmpty || types == [.string] {
                let strings = values.compactMap(\.stringValue)
                if strings.count == values.count { return Shape(kind: .enumeration(strings, schema), nullable: nullable) }
            }
            if types.isEmpty { types = Set(values.map(JSONType.of)) }
        }
        // `type: [number, integer]` allows any number, which `Double` holds.
        if types == [.number, .integer] { types = [.number] }
        guard types.count == 1, let type = types.first else { return Shape(kind: .simple(.json), nullable: false) }
        switch type {
        case .string: return Shape(kind: .simple(schema.format == "date-time" ? .date : .string), nullable: nullable)
        case .integer: return Shape(kind: .simple(.int), nullable: nullable)
        case .number: return Shape(kind: .simple(.double), nullable: nullable)
        case .boolean: return Shape(kind: .simple(.bool), nullable: nullable)
        case .object:
            return Shape(kind: schema.properties.isEmpty ? .simple(.json) : .object(schema), nullable: nullable)
        case .array:
            guard schema.prefixItems.isEmpty, let items = schema.items.flatMap({ resolved($0, depth: depth) }) else {
                return Shape(kind: .array(.simple(.json)), nullable: nullable)
            }
            let element = shape(of: items, depth: depth + 1)
            // An element that may be null has no place in `[T]`.
            return Shape(kind: .array(element.nullable ? .simple(.json) : element.kind), nullable: nullable)
        case .null: return .json
        }
    }

    /// The schema a `$ref` points at (through chains of them); nil for a missing target or a cycle.
    func resolved(_ schema: JSONSchema, depth: Int) -> JSONSchema? {
        var current = schema
        var seen: Set<String> = []
        while let reference = current.reference {
            guard seen.insert(reference).inserted, depth <= Self.maximumDepth, let target = definitions[reference] else { return nil }
            current = target
        }
        return current
    }

    /// A branch that allows only null (`type: "null"` or `const: null`): it makes the other one optional.
    private static func isNull(_ schema: JSONSchema) -> Bool {
        schema.types == [.null] || (schema.types.isEmpty && schema.constValue == .null)
    }

    /// A description as doc-comment lines, trailing spaces and blank edges trimmed.
    static func lines(_ text: String?) -> [String] {
        guard let text else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: \.isWhitespace).reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
