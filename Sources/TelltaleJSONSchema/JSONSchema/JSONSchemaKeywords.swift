/// The keywords Telltale reads, those it knows and refuses, and those it leaves to people.
enum JSONSchemaKeywords {
    /// Checked (or, for `$ref`, `definitions` and `$defs`, followed).
    static let supported: Set<String> = [
        "type", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
        "maxLength", "minItems", "maxItems", "properties", "required", "additionalProperties", "items", "prefixItems", "additionalItems",
        "allOf", "anyOf", "oneOf", "$ref", "definitions", "$defs", "nullable",
    ]

    /// For people and tools; they change nothing that passes. `self` is Iglu's.
    static let annotations: Set<String> = [
        "$schema", "$id", "id", "title", "description", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly",
        "contentMediaType", "contentEncoding", "self",
    ]

    /// JSON Schema keywords that would change what passes but that Telltale does not check:
    /// a problem, since skipping one would make a check look green.
    static let unsupported: Set<String> = [
        "not", "if", "then", "else", "patternProperties", "dependencies", "dependentRequired", "dependentSchemas", "propertyNames",
        "contains", "minContains", "maxContains", "uniqueItems", "multipleOf", "minProperties", "maxProperties",
        "unevaluatedProperties", "unevaluatedItems", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
        "$recursiveAnchor", "$vocabulary", "contentSchema",
    ]

    /// Formats the JSON Schema specifications define that Telltale does not check; other
    /// unknown formats are annotations, as the specification has them.
    static let uncheckedStandardFormats: Set<String> = [
        "time", "duration", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "uri-reference", "iri", "iri-reference",
        "uri-template", "json-pointer", "relative-json-pointer", "regex",
    ]

    /// The keyword an unknown one was probably meant to be (`requried`, `maxLenght`), or nil
    /// for a name that is no near miss (an extension keyword such as `x-owner`). Only keywords
    /// that change what passes are suggested: a misspelt annotation (OpenAPI's `example`) is
    /// harmless, and common in exported plans.
    static func suggestion(for keyword: String) -> String? {
        guard keyword.count >= 4, !keyword.hasPrefix("x-") else { return nil }
        // Sorted, so a tie goes to the alphabetically first keyword on every run, not to whichever
        // a set's order put first; compared case-insensitively, so `MaxLength` finds `maxLength`.
        let candidates = supported.union(unsupported).sorted()
        let ranked = candidates.map { ($0, EditDistance.between(keyword.lowercased(), $0.lowercased())) }
        guard let best = ranked.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}
