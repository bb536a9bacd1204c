import TelltaleModel
import Yams

/// Value schemas of the tracking plan in its own form (`params:`): `required: true` on the
/// property; objects with `properties` forbid others unless `additionalProperties: true` (the
/// catalog's default decides). JSON Schema (`schema:`) is read by `JSONSchemaLibrary`.
extension PlanDecoder {
    static let nativeSchemaKeys = [
        "type", "description", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "items", "properties", "additionalProperties",
        "required", "examples",
    ]

    /// The members of a native `params:` (or `properties:`) mapping, in file order.
    mutating func nativeProperties(_ node: Node, path: String, additional: Bool) -> [SchemaProperty] {
        guard let mapping = mapping(node, path: path, example: "`params: { order_id: { type: string, required: true } }`") else {
            return []
        }
        var properties: [SchemaProperty] = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.plainString else {
                report("expected a property name, found \(keyNode.summary)", at: keyNode, path: path, hint: "write `name: { type: string }`")
                continue
            }
            let propertyPath = path.appendingKey(name)
            if value.plainString != nil {
                if let types = jsonTypes(value, path: propertyPath) {
                    properties.append(SchemaProperty(name, ValueSchema(types: types)))
                }
                continue
            }
            if value.isNull {
                properties.append(SchemaProperty(name))
                continue
            }
            if let (schema, required) = schema(value, path: propertyPath, additional: additional) {
                properties.append(SchemaProperty(name, schema, required: required))
            }
        }
        return properties
    }

    /// The schema, and whether the property is required.
    private mutating func schema(_ node: Node, path: String, additional: Bool) -> (schema: ValueSchema, required: Bool)? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a schema (a mapping), found \(node.summary)", at: node, path: path,
                hint: "write `{ type: string }`; a bare type name is allowed for a parameter"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.nativeSchemaKeys)
        var schema = ValueSchema()
        var required = false
        var exclusiveFlags: (minimum: Bool, maximum: Bool) = (false, false)
        var sawProperties = false
        var sawAdditional = false
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "type": schema.types = jsonTypes(value, path: keyPath) ?? []
            case "description", "examples":
                break
            case "enum":
                schema.allowed = enumValues(value, path: keyPath)
            case "const":
                var unsupported: Node?
                if let constant = value.jsonValue(unsupported: &unsupported) { schema.allowed = [constant] }
            case "pattern":
                if let pattern = nonEmptyString(value, path: keyPath), checkedRegex(pattern, at: value, path: keyPath) {
                    schema.pattern = pattern
                }
            case "format":
                schema.format = format(value, path: keyPath)
            case "minimum": schema.minimum = schemaNumber(value, path: keyPath)
            case "maximum": schema.maximum = schemaNumber(value, path: keyPath)
            case "exclusiveMinimum", "exclusiveMaximum":
                // Draft 4 wrote these as booleans that make `minimum`/`maximum` exclusive.
                if let flag = value.bool, value.plainString.map({ ["true", "false"].contains($0.lowercased()) }) == true {
                    if key == "exclusiveMinimum" { exclusiveFlags.minimum = flag } else { exclusiveFlags.maximum = flag }
                } else if key == "exclusiveMinimum" {
                    schema.exclusiveMinimum = schemaNumber(value, path: keyPath)
                } else {
                    schema.exclusiveMaximum = schemaNumber(value, path: keyPath)
                }
            case "minLength": schema.minLength = count(value, path: keyPath, minimum: 0)
            case "maxLength": schema.maxLength = count(value, path: keyPath, minimum: 0)
            case "minItems": schema.minItems = count(value, path: keyPath, minimum: 0)
            case "maxItems": schema.maxItems = count(value, path: keyPath, minimum: 0)
            case "items":
                if value.plainString != nil {
                    schema.items = jsonTypes(value, path: keyPath).map { ValueSchema(types: $0) }
                } else if case .sequence = value {
                    report(
                        "tuple `items` (a list of schemas) is not supported", at: value, path: keyPath,
                        hint: "give one schema that every element must match")
                } else {
                    schema.items = self.schema(value, path: keyPath, additional: additional)?.schema
                }
            case "properties":
                sawProperties = true
                schema.properties = nativeProperties(value, path: keyPath, additional: additional)
            case "additionalProperties":
                sawAdditional = true
                if value.bool == nil, case .mapping = value {
                    report(
                        "`additionalProperties` as a schema is not supported", at: value, path: keyPath,
                        hint: "write `true` or `false`, and list the properties you know under `properties`"
                    )
                } else {
                    schema.additionalProperties = bool(value, path: keyPath) ?? true
                }
            case "required":
                required = bool(value, path: keyPath) ?? false
            default:
                report(
                    "`\(key)` is not supported by Telltale's tracking-plan checks", at: mapping.keys.first { $0.plainString == key } ?? value,
                    path: keyPath, hint: "remove it, or express the rule with type, enum, pattern, format, minimum/maximum, items, properties"
                )
            }
        }
        if exclusiveFlags.minimum {
            schema.exclusiveMinimum = schema.minimum
            schema.minimum = nil
        }
        if exclusiveFlags.maximum {
            schema.exclusiveMaximum = schema.maximum
            schema.maximum = nil
        }
        if sawProperties, !sawAdditional {
            schema.additionalProperties = additional
        }
        if sawProperties, schema.types.isEmpty { schema.types = [.object] }
        return (schema, required)
    }

    private mutating func enumValues(_ node: Node, path: String) -> [JSONValue]? {
        var unsupported: Node?
        guard case .sequence(let items) = node, !items.isEmpty, case .array(let values)? = node.jsonValue(unsupported: &unsupported) else {
            report("expected a non-empty list of values, found \(node.summary)", at: node, path: path, hint: "write `enum: [USD, EUR]`")
            return nil
        }
        return values
    }

    private mutating func schemaNumber(_ node: Node, path: String) -> Double? {
        guard let number = node.number else {
            report("expected a number, found \(node.summary)", at: node, path: path, hint: "write a number such as `0` or `9.99`")
            return nil
        }
        return number
    }

    /// The formats Telltale checks; the catalog's own form knows no others.
    private mutating func format(_ node: Node, path: String) -> ValueFormat? {
        guard let text = nonEmptyString(node, path: path) else { return nil }
        if let format = ValueFormat(rawValue: text) { return format }
        let names = ValueFormat.allCases.map(\.rawValue)
        let suggestion = KeySuggestion.closest(to: text, in: names).map { "did you mean `\($0)`? " } ?? ""
        report("unknown format '\(text)'", at: node, path: path, hint: "\(suggestion)formats: " + names.joined(separator: ", "))
        return nil
    }
}
