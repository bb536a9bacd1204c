/// Reading one schema object: each keyword into the model, every problem reported.
extension JSONSchemaLibrary {
    /// The schema `value` is, at `location`, resolving its `$ref`s against `base`: `true` and `{}`
    /// allow any value, `false` none; anything else is a problem and allows any value.
    mutating func read(_ value: JSONValue, at location: JSONSchemaLocation, base: String) -> JSONSchema {
        switch value {
        case .bool(true): return JSONSchema(location: location)
        case .bool(false): return .never(at: location)
        case .object(let members): return read(object: members, at: location, base: base)
        default:
            report(
                "expected a schema (an object, or true or false), found \(value.typeName)", at: location, atKey: false,
                hint: "write `{ \"type\": \"string\" }`, or `true` for any value")
            return JSONSchema(location: location)
        }
    }

    private mutating func read(object members: [String: JSONValue], at location: JSONSchemaLocation, base: String) -> JSONSchema {
        guard let document = documents[location.document] else { return JSONSchema(location: location) }
        var schema = JSONSchema(location: location)
        var base = base
        // A document root's `$id` is in `base` already (`base(of:in:)` starts with it).
        if !location.pointer.isEmpty, let id = Self.identifier(of: .object(members), in: document), let resolved = Self.resolve(id, against: base) {
            base = resolved
        }
        schema.title = members["title"]?.stringValue
        schema.description = members["description"]?.stringValue
        if let reference = members["$ref"] {
            readReference(reference, into: &schema, base: base)
            // Up to draft-07 the siblings of `$ref` are ignored, as validators of those drafts do.
            if document.dialect.refIgnoresSiblings { return schema }
        }
        var exclusiveFlags = (minimum: false, maximum: false)
        var additionalItems: JSONSchema?
        var tupleItems = false
        var nullable = false
        // In the order written, so problems come in the file's order.
        for key in document.keys(at: location.pointer, of: members) {
            let value = members[key]!
            let here = location.appending(.key(key))
            switch key {
            case "$ref", "title", "description": break
            case "type": schema.types = types(value, at: here)
            case "enum":
                if case .array(let values) = value { schema.enumValues = values } else { expected("a list of values", value, at: here) }
            case "const": schema.constValue = value
            case "pattern": schema.pattern = pattern(value, at: here)
            case "format": schema.format = format(value, at: here)
            case "minimum": schema.minimum = number(value, at: here)
            case "maximum": schema.maximum = number(value, at: here)
            case "exclusiveMinimum", "exclusiveMaximum":
                // Draft-04 writes `"exclusiveMinimum": true` beside `minimum`; later drafts give the bound.
                if case .bool(let flag) = value {
                    guard document.dialect == .draft4 else {
                        report(
                            "a boolean `\(key)` is draft-04's", at: here, atKey: false,
                            hint:
                                "from draft-06 on, give the bound itself: `\"\(key)\": 0`; or declare `\"$schema\": \"http://json-schema.org/draft-04/schema#\"`"
                        )
                        continue
                    }
                    if key == "exclusiveMinimum" { exclusiveFlags.minimum = flag } else { exclusiveFlags.maximum = flag }
                } else if key == "exclusiveMinimum" {
                    schema.exclusiveMinimum = number(value, at: here)
                } else {
                    schema.exclusiveMaximum = number(value, at: here)
                }
            case "minLength": schema.minLength = count(value, at: here)
            case "maxLength": schema.maxLength = count(value, at: here)
            case "minItems": schema.minItems = count(value, at: here)
            case "maxItems": schema.maxItems = count(value, at: here)
            case "properties": schema.properties = properties(value, at: here, base: base)
            case "required": schema.required = required(value, at: here)
            case "additionalProperties": schema.additionalProperties = read(value, at: here, base: base)
            case "items":
                // Up to 2019-09, `"items": [ … ]` is a tuple: its schemas are `prefixItems` here, and
                // `additionalItems` becomes `items` once every keyword is read.
                if case .array(let elements) = value {
                    guard document.dialect.hasTupleItems else {
                        report(
                            "`items` as a list is draft-07's", at: here, hint: "in 2020-12 write `prefixItems` for the list and `items` for the rest")
                        continue
                    }
                    tupleItems = true
                    schema.prefixItems = elements.indices.map { read(elements[$0], at: here.appending(.index($0)), base: base) }
                } else {
                    schema.items = read(value, at: here, base: base)
                }
            case "additionalItems":
                guard document.dialect.hasTupleItems else {
                    report("`additionalItems` is draft-07's", at: here, hint: "in 2020-12, `items` is what comes after `prefixItems`")
                    continue
                }
                additionalItems = read(value, at: here, base: base)
            case "prefixItems":
                guard document.dialect == .draft2020 else {
                    report(
                        "`prefixItems` is 2020-12's", at: here,
                        hint:
                            "in \(document.dialect) write `items` as a list of schemas; or declare `\"$schema\": \"https://json-schema.org/draft/2020-12/schema\"`"
                    )
                    continue
                }
                schema.prefixItems = schemas(value, at: here, base: base)
            case "allOf": schema.allOf = schemas(value, at: here, base: base)
            case "anyOf": schema.anyOf = schemas(value, at: here, base: base)
            case "oneOf": schema.oneOf = schemas(value, at: here, base: base)
            case "definitions", "$defs":
                // Read when a `$ref` names one, as validators do.
                if value.objectMembers == nil { expected("an object of named schemas", value, at: here) }
            case "nullable":
                // OpenAPI's: `true` adds `null` to the types.
                nullable = value == .bool(true)
            default:
                unknown(key, at: here)
            }
        }
        schema.applyDraft4ExclusiveFlags(minimum: exclusiveFlags.minimum, maximum: exclusiveFlags.maximum)
        // Draft-07's `additionalItems` applies only after a list-form `items`.
        if tupleItems { schema.items = additionalItems }
        // Without `type`, `nullable` adds nothing: any value, null too, is allowed already.
        if nullable, !schema.types.isEmpty, !schema.types.contains(.null) { schema.types.append(.null) }
        return schema
    }

    private mutating func readReference(_ value: JSONValue, into schema: inout JSONSchema, base: String) {
        let here = schema.location.appending(.key("$ref"))
        guard case .string(let text) = value else { return expected("a URI", value, at: here) }
        guard var target = Self.resolve(text, against: base) else {
            return report(
                "cannot resolve `$ref` '\(text)' against '\(base)'", at: here, atKey: false,
                hint: "an Iglu schema names another by its full `iglu:` URI")
        }
        if target.hasSuffix("#") { target.removeLast() }
        let fragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            return report(
                "`$ref` to the anchor '#\(fragment)' is not supported", at: here, atKey: false,
                hint: "refer to the schema by its JSON pointer: `#/definitions/name`")
        }
        schema.reference = target
        enqueue(target, written: text, from: schema.location)
    }

    private mutating func unknown(_ key: String, at here: JSONSchemaLocation) {
        if JSONSchemaKeywords.annotations.contains(key) { return }
        if JSONSchemaKeywords.unsupported.contains(key) {
            return report(
                "`\(key)` is not supported by Telltale's tracking-plan checks", at: here,
                hint: "remove it, or express the rule with type, enum, const, pattern, format, bounds, properties, items, $ref, allOf, anyOf or oneOf"
            )
        }
        if let suggestion = JSONSchemaKeywords.suggestion(for: key) {
            report("unknown keyword `\(key)`", at: here, hint: "did you mean `\(suggestion)`?")
        }
        // Anything else is an extension keyword, which JSON Schema ignores.
    }

    // MARK: Values

    private mutating func expected(_ what: String, _ value: JSONValue, at here: JSONSchemaLocation) {
        report("expected \(what), found \(value.typeName)", at: here, atKey: false)
    }

    private mutating func types(_ value: JSONValue, at here: JSONSchemaLocation) -> [JSONType] {
        let names: [(String, JSONSchemaLocation)]
        switch value {
        case .string(let name): names = [(name, here)]
        case .array(let elements):
            names = elements.enumerated().compactMap { index, element in element.stringValue.map { ($0, here.appending(.index(index))) } }
            if names.count != elements.count { expected("type names", value, at: here) }
        default:
            expected("a type name or a list of them", value, at: here)
            return []
        }
        return names.compactMap { name, location in
            if let type = JSONType(rawValue: name) { return type }
            let all = JSONType.allCases.map(\.rawValue)
            // A near miss (`interger`) is named, then every type.
            let suggestion =
                all.min { EditDistance.between($0, name) < EditDistance.between($1, name) }
                .flatMap { EditDistance.between($0, name) <= 2 ? "did you mean `\($0)`? " : nil } ?? ""
            report("unknown type '\(name)'", at: location, atKey: false, hint: suggestion + "types: " + all.joined(separator: ", "))
            return nil
        }
    }

    private mutating func pattern(_ value: JSONValue, at here: JSONSchemaLocation) -> String? {
        guard case .string(let text) = value else {
            expected("a regular expression", value, at: here)
            return nil
        }
        do {
            // Compiled here only to report a bad pattern where it is written; the validator compiles it
            // again (`RegexCache`).
            _ = try Regex(text)
            return text
        } catch {
            report("'\(text)' is not a valid regular expression", at: here, atKey: false, hint: "\(error)")
            return nil
        }
    }

    private mutating func format(_ value: JSONValue, at here: JSONSchemaLocation) -> String? {
        guard case .string(let name) = value else {
            expected("a format name", value, at: here)
            return nil
        }
        // A standard format left unchecked would pass anything, so it is a problem; a format of
        // anyone's own naming is an annotation, as JSON Schema has it.
        if ValueFormat(rawValue: name) == nil, JSONSchemaKeywords.uncheckedStandardFormats.contains(name) {
            report(
                "format '\(name)' is not checked by Telltale", at: here, atKey: false,
                hint: "checked formats: " + ValueFormat.allCases.map(\.rawValue).joined(separator: ", ") + "; use `pattern` for others")
        }
        return name
    }

    private mutating func number(_ value: JSONValue, at here: JSONSchemaLocation) -> Double? {
        guard case .number(let number) = value else {
            expected("a number", value, at: here)
            return nil
        }
        return number
    }

    /// A count keyword's value (`minLength`, `maxItems`): a whole number of 0 or more, `2.0` as much
    /// as `2`, below 10^15 so it fits `Int`.
    private mutating func count(_ value: JSONValue, at here: JSONSchemaLocation) -> Int? {
        guard case .number(let number) = value, number >= 0, number == number.rounded(), number < 1e15 else {
            expected("a whole number of 0 or more", value, at: here)
            return nil
        }
        return Int(number)
    }

    private mutating func properties(_ value: JSONValue, at here: JSONSchemaLocation, base: String) -> [JSONSchemaProperty] {
        guard let members = value.objectMembers, let document = documents[here.document] else {
            expected("an object of property schemas", value, at: here)
            return []
        }
        return document.keys(at: here.pointer, of: members).map { name in
            JSONSchemaProperty(name, read(members[name]!, at: here.appending(.key(name)), base: base))
        }
    }

    private mutating func required(_ value: JSONValue, at here: JSONSchemaLocation) -> [String] {
        guard case .array(let elements) = value, elements.allSatisfy({ $0.stringValue != nil }) else {
            // Draft-03 wrote `"required": true` on the property itself: say so, and what to write.
            if case .bool = value {
                report(
                    "`required: true` on a property is draft-03's", at: here, atKey: false,
                    hint: "list the required names on the object: `\"required\": [\"order_id\"]`")
            } else {
                expected("a list of property names", value, at: here)
            }
            return []
        }
        return elements.compactMap(\.stringValue)
    }

    /// The schemas of `allOf`, `anyOf`, `oneOf` or `prefixItems`: a non-empty list, as the
    /// specification requires.
    private mutating func schemas(_ value: JSONValue, at here: JSONSchemaLocation, base: String) -> [JSONSchema] {
        guard case .array(let elements) = value, !elements.isEmpty else {
            expected("a non-empty list of schemas", value, at: here)
            return []
        }
        return elements.indices.map { read(elements[$0], at: here.appending(.index($0)), base: base) }
    }
}

extension JSONValue {
    /// The members of an object; nil for any other kind.
    var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
