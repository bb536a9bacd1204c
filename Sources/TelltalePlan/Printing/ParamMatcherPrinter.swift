import TelltaleModel

/// Param matchers as the flow YAML a plan writes them in (`{ type: integer, gte: 1 }`), spelled
/// so `PlanDecoder+ParamMatchers` reads back the same matcher.
enum ParamMatcherPrinter {
    /// The value of one `params:` entry, or an element inside one.
    static func flow(_ matcher: ParamMatcher) -> String {
        switch matcher {
        // `USD`, `39.95`, `true`: a bare literal reads back as `equals`.
        case .equals(let value) where isBareLiteral(value):
            return json(value)
        // Quoted by `YAMLScalar` (`'{uuid}'`): bare, it would read as a flow mapping.
        case .placeholder(let placeholder):
            return YAMLScalar.string(placeholder.description)
        case .template(let template):
            return YAMLScalar.string(template.description)
        case .fields(let fields):
            return mapping(fields.map { "\(key(for: $0.path, nested: true)): \(flow($0.matcher))" })
        case .elements(let elements):
            return "[" + elements.map(flow).joined(separator: ", ") + "]"
        default:
            return mapping(entries(matcher))
        }
    }

    /// A params key: the path's text, bracketed where the plain text would read back as
    /// another path, or (nested, where keys are checked for matchers) as a matcher key.
    static func key(for path: ParamPath, nested: Bool) -> String {
        let text = path.description
        let readsBack = ParamPath(parsing: text) == path && !(nested && PlanDecoder.matcherKeys.contains(text))
        return YAMLScalar.string(readsBack ? text : bracketed(path))
    }

    /// The matcher keys that spell `matcher`, as `key: value` entries of one mapping. A plan
    /// writes "all of" as one mapping of keys, so `.all` is its members' entries; a member no
    /// key spells (`.fields`, a placeholder, …; only built in code) is a `oneOf` of itself.
    private static func entries(_ matcher: ParamMatcher) -> [String] {
        switch matcher {
        case .equals(let value): ["equals: \(json(value))"]
        case .type(let types) where types.count == 1: ["type: \(YAMLScalar.string(types[0].rawValue))"]
        case .type(let types): ["type: [" + types.map { YAMLScalar.string($0.rawValue) }.joined(separator: ", ") + "]"]
        case .regex(let pattern): ["regex: \(YAMLScalar.string(pattern))"]
        case .range(let range): rangeEntries(range)
        case .present(let present): ["present: \(present)"]
        case .oneOf(let options): ["oneOf: [" + options.map(flow).joined(separator: ", ") + "]"]
        case .contains(let element): ["contains: \(flow(element))"]
        case .all(let members): members.flatMap(entries)
        case .placeholder, .template, .fields, .elements: ["oneOf: [\(flow(matcher))]"]
        }
    }

    private static func rangeEntries(_ range: NumberRange) -> [String] {
        [("gt", range.gt), ("gte", range.gte), ("lt", range.lt), ("lte", range.lte)].compactMap { key, bound in
            bound.map { "\(key): \(number($0))" }
        }
    }

    /// Scalars other than text with a `{` read back as themselves; the rest need `equals`,
    /// since a plain array or mapping is a matcher and `{word}` a placeholder.
    private static func isBareLiteral(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .number: true
        case .string(let text): !text.contains("{")
        case .array, .object: false
        }
    }

    /// JSON as flow YAML: members sorted, as JSON text is, so the output is stable.
    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let value): number(value)
        case .string(let text): YAMLScalar.string(text)
        case .array(let elements): "[" + elements.map(json).joined(separator: ", ") + "]"
        case .object(let members): mapping(members.sorted { $0.key < $1.key }.map { "\(YAMLScalar.string($0.key)): \(json($0.value))" })
        }
    }

    /// Whole numbers without a fraction; others in Swift's shortest form that reads back
    /// exactly (`39.95`, `1e-05`), which YAML's float rule accepts.
    static func number(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
        // Below 2^53 every whole double is an exact `Int64`; beyond it, `description`'s
        // exponent form keeps the value.
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return value.description
    }

    private static func mapping(_ entries: [String]) -> String {
        entries.isEmpty ? "{}" : "{ " + entries.joined(separator: ", ") + " }"
    }

    /// `["key"]` for every key, so no key is taken for a path or a matcher.
    private static func bracketed(_ path: ParamPath) -> String {
        path.components.map { component in
            switch component {
            case .index(let index): "[\(index)]"
            case .key(let key) where key.contains("\""): "['\(key)']"
            case .key(let key): "[\"\(key)\"]"
            }
        }.joined()
    }
}
