import TelltaleModel
import Yams

/// Value schemas of the tracking plan, in its own form (`params:`) and as JSON Schema
/// (`schema:`). Both share the common keywords; they differ in how `required` and
/// `properties` are written and in what is left to JSON Schema alone.
extension PlanDecoder {
    enum SchemaDialect {
        /// `required: true` on the property; objects with `properties` forbid others unless
        /// `additionalProperties: true` (the catalog's default decides).
        case native(additional: Bool)
        /// `required: [names]` on the object; `additionalProperties` defaults to true.
        case jsonSchema
    }

    static let commonSchemaKeys = [
        "type", "description", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "items", "properties", "additionalProperties",
        "required",
    ]
    static let nativeSchemaKeys = commonSchemaKeys + ["examples"]
    /// Annotations: read by people, checked by no one.
    static let jsonSchemaAnnotations = [
        "$schema", "$id", "id", "title", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly", "nullable",
    ]
    /// Keywords that would change what passes: reported, since ignoring one makes a check look green.
    static let unsupportedJSONSchemaKeys = [
        "$ref", "$defs", "definitions", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "patternProperties",
        "dependencies", "dependentRequired", "dependentSchemas", "propertyNames", "contains", "uniqueItems", "multipleOf",
        "minProperties", "maxProperties", "unevaluatedProperties", "unevaluatedItems", "prefixItems", "additionalItems",
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
            if let (schema, required) = schema(value, path: propertyPath, dialect: .native(additional: additional)) {
                properties.append(SchemaProperty(name, schema, required: required))
            }
        }
        return properties
    }

    /// A JSON Schema.
    mutating func jsonSchema(_ node: Node, path: String) -> ValueSchema? {
        schema(node, path: path, dialect: .jsonSchema)?.schema
    }

    /// The schema, and for the native form whether the property is required.
    private mutating func schema(_ node: Node, path: String, dialect: SchemaDialect) -> (schema: ValueSchema, required: Bool)? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a schema (a mapping), found \(node.summary)", at: node, path: path,
                hint: "write `{ type: string }`; a bare type name is allowed for a parameter"
            )
            return nil
        }
        let allowed: [String]
        switch dialect {
        case .native: allowed = Self.nativeSchemaKeys
        case .jsonSchema: allowed = Self.commonSchemaKeys + Self.jsonSchemaAnnotations + Self.unsupportedJSONSchemaKeys
        }
        let entries = knownEntries(of: mapping, path: path, allowed: allowed)
        var schema = ValueSchema()
        var required = false
        var requiredNames: [(value: String, node: Node, path: String)] = []
        var exclusiveFlags: (minimum: Bool, maximum: Bool) = (false, false)
        var sawProperties = false
        var sawAdditional = false
        for (key, value) in entries.ordered {
            let keyPath = path.appendingKey(key)
            switch key {
            case "type": schema.types = jsonTypes(value, path: keyPath) ?? []
            case "description", "examples", "$schema", "$id", "id", "title", "default", "$comment", "deprecated", "readOnly", "writeOnly":
                break
            case "nullable":
                if bool(value, path: keyPath) == true { schema.types.append(.null) }
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
                schema.format = format(value, path: keyPath, dialect: dialect)
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
                if case .native = dialect, value.plainString != nil {
                    schema.items = jsonTypes(value, path: keyPath).map { ValueSchema(types: $0) }
                } else if case .sequence = value {
                    report(
                        "tuple `items` (a list of schemas) is not supported", at: value, path: keyPath,
                        hint: "give one schema that every element must match")
                } else {
                    schema.items = self.schema(value, path: keyPath, dialect: dialect)?.schema
                }
            case "properties":
                sawProperties = true
                switch dialect {
                case .native(let additional): schema.properties = nativeProperties(value, path: keyPath, additional: additional)
                case .jsonSchema: schema.properties = jsonSchemaProperties(value, path: keyPath)
                }
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
                switch dialect {
                case .native: required = bool(value, path: keyPath) ?? false
                case .jsonSchema: requiredNames = strings(value, path: keyPath)
                }
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
        if case .native(let additional) = dialect, sawProperties, !sawAdditional {
            schema.additionalProperties = additional
        }
        if sawProperties, schema.types.isEmpty { schema.types = [.object] }
        for name in requiredNames {
            if let index = schema.properties.firstIndex(where: { $0.name == name.value }) {
                schema.properties[index].required = true
            } else {
                schema.properties.append(SchemaProperty(name.value, required: true))
            }
        }
        return (schema, required)
    }

    private mutating func jsonSchemaProperties(_ node: Node, path: String) -> [SchemaProperty] {
        guard let mapping = mapping(node, path: path, example: "`properties: { reason: { type: string } }`") else { return [] }
        var properties: [SchemaProperty] = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.plainString else {
                report("expected a property name, found \(keyNode.summary)", at: keyNode, path: path, hint: "write `name: { type: string }`")
                continue
            }
            // `true` allows anything, as JSON Schema's boolean schemas do.
            if value.plainString?.lowercased() == "true" {
                properties.append(SchemaProperty(name))
            } else if let schema = jsonSchema(value, path: path.appendingKey(name)) {
                properties.append(SchemaProperty(name, schema))
            }
        }
        return properties
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

    /// Checked formats; in JSON Schema other formats are annotations, as the standard has them.
    private mutating func format(_ node: Node, path: String, dialect: SchemaDialect) -> ValueFormat? {
        guard let text = nonEmptyString(node, path: path) else { return nil }
        if let format = ValueFormat(rawValue: text) { return format }
        if case .native = dialect {
            let names = ValueFormat.allCases.map(\.rawValue)
            let suggestion = KeySuggestion.closest(to: text, in: names).map { "did you mean `\($0)`? " } ?? ""
            report("unknown format '\(text)'", at: node, path: path, hint: "\(suggestion)formats: " + names.joined(separator: ", "))
        }
        return nil
    }
}
