extension ParamMatcher: CustomStringConvertible {
    /// What the matcher expects, as messages say it after "expected": `"USD"`, `number > 0`,
    /// `string matching /^SKU-/`, `{ city: "Paris" }`.
    public var description: String {
        switch self {
        case .equals(let value): value.jsonText()
        case .placeholder(let placeholder): "\(placeholder.meaning) \(placeholder)"
        case .template(let template): "a string like \"\(template)\""
        case .type(let types): Self.typeList(types)
        case .regex(let pattern): "string matching /\(pattern)/"
        case .range(let range): "number \(range)"
        case .present(let present): present ? "present" : "absent"
        case .oneOf(let options): "one of " + options.map(\.description).joined(separator: ", ")
        case .fields(let fields): Self.fieldList(fields)
        case .elements(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .contains(let element): "array containing \(element)"
        case .all(let matchers): Self.conjunction(matchers)
        }
    }

    static func typeList(_ types: [JSONType]) -> String {
        types.map(\.rawValue).joined(separator: " or ")
    }

    /// `{ currency: "USD", value: number > 0 }`, as event specs show their params.
    public static func fieldList(_ fields: [ParamField]) -> String {
        fields.isEmpty ? "{}" : "{ " + fields.map { "\($0.path): \($0.matcher)" }.joined(separator: ", ") + " }"
    }

    /// `integer >= 1` rather than `integer and number >= 1`: a range already says "number".
    private static func conjunction(_ matchers: [ParamMatcher]) -> String {
        var parts: [String] = []
        var numericType: String?
        for matcher in matchers {
            if case .type(let types) = matcher, types.count == 1, types[0] == .number || types[0] == .integer,
                matchers.contains(where: { if case .range = $0 { true } else { false } })
            {
                numericType = types[0].rawValue
                continue
            }
            parts.append(matcher.description)
        }
        if let numericType {
            parts = parts.map { $0.hasPrefix("number ") ? numericType + $0.dropFirst("number".count) : $0 }
        }
        return parts.joined(separator: " and ")
    }
}
