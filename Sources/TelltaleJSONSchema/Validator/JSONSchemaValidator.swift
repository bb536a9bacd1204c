/// Checks values against one JSON Schema with the tracking plan's engine: the validator's
/// public face, for tests and tools. (Catalog checks compile every event's schema into one
/// `CatalogChecker` instead.)
///
///     var library = JSONSchemaLibrary()
///     library.add(try JSONSchemaDocument(json: text, uri: "file:///plan/order.json", file: "order.json"))
///     let schema = library.schema(in: "file:///plan/order.json")!   // library.problems: what is wrong
///     let validator = try JSONSchemaValidator(schema, definitions: library.definitions)
///     validator.violations(of: value)                              // [] when it is valid
package struct JSONSchemaValidator: Sendable {
    private let root: CompiledSchema
    /// The `$ref` targets, by the index a compiled schema's `reference` holds.
    private let references: [CompiledSchema]
    /// How many distinct patterns there are: each validation's `RegexMemo` has a slot for each.
    private let regexCount: Int

    /// `definitions` holds the targets of the schema's `$ref`s (a library's, or a catalog's).
    package init(_ schema: JSONSchema, definitions: [String: JSONSchema] = [:]) throws(VerificationError) {
        var compiler = SchemaCompiler(definitions: definitions, subject: "JSON Schema")
        root = try CompiledSchema(schema, compiler: &compiler)
        references = try compiler.referenceTable()
        regexCount = compiler.regexes.count
    }

    /// How `value` breaks the schema, in the tracking plan's terms; empty when it is valid.
    package func violations(of value: JSONValue) -> [JSONSchemaViolation] {
        var state = CompiledSchema.State(memo: RegexMemo(slots: regexCount), references: references)
        var path: [ParamPath.Component] = []
        root.validate(value, path: &path, state: &state)
        return state.found.map(JSONSchemaViolation.init)
    }

    package func isValid(_ value: JSONValue) -> Bool {
        violations(of: value).isEmpty
    }
}

/// One way a value breaks a schema: what `CatalogViolation` says of an event, without the event.
package struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken. The tracking plan's violations (`CatalogViolation.Kind`) are these too,
    /// so `run.json` and every report name a rule one way.
    package enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// The tracking plan has no event of this name (the plan's alone: a schema never reports it).
        case unplannedEvent
        /// A required property is missing.
        case missingRequired
        /// A value is of the wrong type.
        case typeMismatch
        /// A property the schema does not list, where extra properties are not allowed.
        case extraProperty
        /// A value that is not one of the schema's `enum` (or its `const`).
        case enumMismatch
        /// A string the schema's `pattern` does not match.
        case patternMismatch
        /// A string that is not of the schema's `format` (date-time, uuid, …).
        case formatMismatch
        /// A number outside `minimum`/`maximum`, or a string or array of the wrong length.
        case outOfRange
        /// A value that more than one of `oneOf`'s schemas take.
        case ambiguousMatch
    }

    package var kind: Kind
    /// Where in the value: `items[0].sku`; empty for the value itself.
    package var path: String
    /// What the rule allows, in words: `string matching /^SKU-[0-9]+$/`, `number >= 0`.
    package var expected: String
    /// The value found, with its type (`"9.99" (string)`); nil for a missing property.
    package var actual: String?

    package init(_ finding: CompiledSchema.Finding) {
        kind = finding.kind
        path = ParamPath(finding.path).description
        expected = finding.expected
        actual = ValueText.describe(finding.actual)
    }

    package var description: String {
        "\(path.isEmpty ? "value" : path): \(kind) (expected \(expected)\(actual.map { ", got \($0)" } ?? ""))"
    }
}
