/// How messages show a captured value: its JSON, shortened, with its type, so `"9.99"`
/// (a string) and `9.99` (a number) cannot be mistaken for each other.
package enum ValueText {
    /// Characters of JSON shown, the `…` included.
    static let limit = 80

    /// `"9.99" (string)`, `3 (number)`, `null`.
    package static func describe(_ value: JSONValue) -> String {
        if case .null = value { return "null" }
        return "\(json(value)) (\(JSONType.of(value)))"
    }

    package static func describe(_ value: JSONValue?) -> String? {
        value.map(describe)
    }

    /// Compact JSON, cut to `limit` characters.
    package static func json(_ value: JSONValue) -> String {
        let text = value.jsonText()
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    /// `{"currency":"USD","value":"9.99"}`, cut like `json`.
    package static func params(_ params: [String: JSONValue]) -> String {
        json(.object(params))
    }
}
