import TelltaleModel
import Yams

/// Value schemas of the tracking plan in its own form (`params:`), read into `JSONSchema` as
/// `JSONSchemaLibrary` reads `schema:`, each at its place in the catalog file: `required: true`
/// on the property; objects with `properties` forbid others unless `additionalProperties: true`
/// (the catalog's default decides).
extension PlanDecoder {
    /// The keywords of the catalog's own form: JSON Schema's, with
    /// `required: true` on the property itself.
    static let nativeSchemaKeys = [
        "type", "description", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "items", "properties", "additionalProperties",
        "required", "examples",
    ]

    /// The members of a native `params:` (or `properties:`) mapping, in file order, as the
    /// `properties` and `required` of `schema`.
    mutating func nativeProperties(_ node: Node, path: String, additional: Bool, into schema: inout JSONSchema) {
        schema.properties = []
        schema.required = []
        guard let mapping = mapping(node, path: path, example: "`params: { order_id: { type: string, required: true } }`") else {
            return
        }
        for (keyNode, value) in mapping {
            guard let name = keyNode.plainString else {
                report("expected a property name, found \(keyNode.summary)", at: keyNode, path: path, hint: "write `name: { type: string }`")
                continue
            }
            let propertyPath = path.appendingKey(name)
            let location = schema.location.appending(.key("properties"), .key(name))
            // `note: string`: a bare type name is short for `{ type: string }`.
            if value.plainString != nil {
                if let types = jsonTypes(value, path: propertyPath) {
                    schema.properties.append(JSONSchemaProperty(name, Self.schema(of: types, at: location)))
                }
                continue
            }
            // `note:` with nothing: a property of any type.
            if value.isNull {
                schema.properties.append(JSONSchemaProperty(name, JSONSchema(location: location)))
                continue
            }
            if let (property, required) = self.schema(value, path: propertyPath, at: location, additional: additional) {
                schema.properties.append(JSONSchemaProperty(name, property))
                if required { schema.required.append(name) }
            }
        }
    }

    /// `additionalProperties: false` (`true` is JSON Schema's default) of the object schema at `location`.
    static func additionalProperties(_ allowed: Bool, of location: JSONSchemaLocation) -> JSONSchema? {
        allowed ? nil : .never(at: location.appending(.key("additionalProperties")))
    }

    /// A schema that says only `type`.
    private static func schema(of types: [JSONType], at location: JSONSchemaLocation) -> JSONSchema {
        var schema = JSONSchema(location: location)
        schema.types = types
        return schema
    }

    /// The schema, and whether the property is required.
    private mutating func schema(
        _ node: Node, path: String, at location: JSONSchemaLocation, additional: Bool
    ) -> (schema: JSONSchema, required: Bool)? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a schema (a mapping), found \(node.summary)", at: node, path: path,
                hint: "write `{ type: string }`; a bare type name is allowed for a parameter"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.nativeSchemaKeys)
        var schema = JSONSchema(location: location)
        // Whether an object allows members besides its `properties`, settled after the loop: the
        // catalog's default applies only where `additionalProperties` is not written.
        var allowsOthers = true
        var required = false
        var exclusiveFlags: (minimum: Bool, maximum: Bool) = (false, false)
        var sawProperties = false
        var sawAdditional = false
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "type": schema.types = jsonTypes(value, path: keyPath) ?? []
            // For people only.
            case "description", "examples":
                break
            case "enum":
                schema.enumValues = enumValues(value, path: keyPath)
            case "const":
                var unsupported: Node?
                // A one-value `enum`, as the JSON Schema reader reads `const`.
                if let constant = value.jsonValue(unsupported: &unsupported) { schema.enumValues = [constant] }
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
                let itemsLocation = location.appending(.key("items"))
                if value.plainString != nil {
                    schema.items = jsonTypes(value, path: keyPath).map { Self.schema(of: $0, at: itemsLocation) }
                } else if case .sequence = value {
                    report(
                        "tuple `items` (a list of schemas) is not supported", at: value, path: keyPath,
                        hint: "give one schema that every element must match")
                } else {
                    schema.items = self.schema(value, path: keyPath, at: itemsLocation, additional: additional)?.schema
                }
            case "properties":
                sawProperties = true
                nativeProperties(value, path: keyPath, additional: additional, into: &schema)
            case "additionalProperties":
                sawAdditional = true
                if value.bool == nil, case .mapping = value {
                    report(
                        "`additionalProperties` as a schema is not supported", at: value, path: keyPath,
                        hint: "write `true` or `false`, and list the properties you know under `properties`"
                    )
                } else {
                    allowsOthers = bool(value, path: keyPath) ?? true
                }
            case "required":
                required = bool(value, path: keyPath) ?? false
            // Unreachable while every key of `nativeSchemaKeys` has a case above: `knownEntries`
            // reports any other as unknown.
            default:
                report(
                    "`\(key)` is not supported by Telltale's tracking-plan checks", at: mapping.keys.first { $0.plainString == key } ?? value,
                    path: keyPath, hint: "remove it, or express the rule with type, enum, pattern, format, minimum/maximum, items, properties"
                )
            }
        }
        // After every key: a boolean `exclusiveMinimum` makes `minimum`
        // exclusive wherever it is written.
        schema.applyDraft4ExclusiveFlags(minimum: exclusiveFlags.minimum, maximum: exclusiveFlags.maximum)
        // An object with `properties` follows its event's (or the catalog's) setting unless it sets
        // its own; one without `properties` allows anything.
        if sawProperties, !sawAdditional {
            allowsOthers = additional
        }
        schema.additionalProperties = Self.additionalProperties(allowsOthers, of: location)
        // `properties` without `type` means an object: a value of another type is then a mismatch.
        if sawProperties, schema.types.isEmpty { schema.types = [.object] }
        return (schema, required)
    }

    /// `enum: [USD, EUR]`: a non-empty list of values, typed as `jsonValue` types them.
    private mutating func enumValues(_ node: Node, path: String) -> [JSONValue]? {
        var unsupported: Node?
        guard case .sequence(let items) = node, !items.isEmpty, case .array(let values)? = node.jsonValue(unsupported: &unsupported) else {
            report("expected a non-empty list of values, found \(node.summary)", at: node, path: path, hint: "write `enum: [USD, EUR]`")
            return nil
        }
        return values
    }

    /// A plain number; a quoted `"0"` is text, and refused.
    private mutating func schemaNumber(_ node: Node, path: String) -> Double? {
        guard let number = node.number else {
            report("expected a number, found \(node.summary)", at: node, path: path, hint: "write a number such as `0` or `9.99`")
            return nil
        }
        return number
    }

    /// The formats Telltale checks; the catalog's own form knows no others.
    private mutating func format(_ node: Node, path: String) -> String? {
        guard let text = nonEmptyString(node, path: path) else { return nil }
        if ValueFormat(rawValue: text) != nil { return text }
        let names = ValueFormat.allCases.map(\.rawValue)
        let suggestion = KeySuggestion.closest(to: text, in: names).map { "did you mean `\($0)`? " } ?? ""
        report("unknown format '\(text)'", at: node, path: path, hint: "\(suggestion)formats: " + names.joined(separator: ", "))
        return nil
    }
}
