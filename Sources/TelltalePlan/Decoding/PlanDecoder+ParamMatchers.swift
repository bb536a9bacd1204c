import TelltaleModel
import Yams

/// `params:` of an expected event: keys are parameter paths, values are literals, placeholders
/// or matcher mappings. Shapes and meaning: Docs/Verification.md.
extension PlanDecoder {
    /// The keys that make a `params:` mapping a matcher; a mapping with none of them is an object's
    /// members (`address: { city: Paris }`).
    static let matcherKeys = ["equals", "type", "regex", "gt", "gte", "lt", "lte", "present", "oneOf", "contains"]
    static let rangeKeys: Set<String> = ["gt", "gte", "lt", "lte"]

    /// A mapping of parameter paths to matchers.
    mutating func paramFields(_ node: Node, path: String) -> [ParamField] {
        if node.isNull { return [] }
        guard case .mapping(let mapping) = node else {
            report(
                "expected a mapping of parameters, found \(node.summary)", at: node, path: path,
                hint: "write `params: { currency: USD, value: { gt: 0 } }`"
            )
            return []
        }
        var fields: [ParamField] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.plainString else {
                report("expected a parameter name, found \(keyNode.summary)", at: keyNode, path: path, hint: "write `name: value`")
                continue
            }
            let fieldPath = path.appendingKey(key)
            // `address.city`, `items[0].sku` and `["key.with.dots"]` are paths into nested params;
            // a plain name is a path of one key.
            guard let paramPath = ParamPath(parsing: key) else {
                report(
                    "'\(key)' is not a parameter path", at: keyNode, path: fieldPath,
                    hint: "write a name, `address.city`, `items[0].sku`, or `[\"key.with.dots\"]`"
                )
                continue
            }
            if let matcher = matcher(value, path: fieldPath) { fields.append(ParamField(paramPath, matcher)) }
        }
        return fields
    }

    /// One value of `params:` (or an element inside one).
    mutating func matcher(_ node: Node, path: String) -> ParamMatcher? {
        switch node {
        case .scalar:
            return scalarMatcher(node, path: path)
        // A list is the whole array, element by element (`[a, { gt: 0 }]`), never "one
        // of these": that is `oneOf`.
        case .sequence(let items):
            var elements: [ParamMatcher] = []
            for (index, item) in items.enumerated() {
                guard let element = matcher(item, path: path.appendingIndex(index)) else { return nil }
                elements.append(element)
            }
            return .elements(elements)
        case .mapping(let mapping):
            // Any matcher key makes the mapping a matcher; with none, its keys are an object's
            // members, each matched as a param.
            let keys = Array(mapping.keys).compactMap(\.plainString)
            let operators = keys.filter(Self.matcherKeys.contains)
            if operators.isEmpty {
                let fields = paramFields(node, path: path)
                // A member that failed (reported) leaves the whole object out rather
                // than check fewer members.
                return fields.count == mapping.count ? .fields(fields) : nil
            }
            return operatorMatcher(mapping, node: node, path: path, operators: operators)
        case .alias:
            report("aliases are not supported in params", at: node, path: path, hint: "write the value out")
            return nil
        }
    }

    /// A literal, a `{placeholder}`, or a string with placeholders inside.
    private mutating func scalarMatcher(_ node: Node, path: String) -> ParamMatcher? {
        var unsupported: Node?
        guard let value = node.jsonValue(unsupported: &unsupported) else { return nil }
        // Only text with a `{` can hold a placeholder. Written bare, `{uuid}` is a YAML flow
        // mapping, so a placeholder is quoted: `order_id: "{uuid}"`.
        guard case .string(let text) = value, text.contains("{") else { return .equals(value) }
        guard let template = template(text, at: node, path: path) else { return nil }
        let placeholders = template.parts.compactMap { part -> Placeholder? in
            if case .placeholder(let placeholder) = part { placeholder } else { nil }
        }
        // Braces around no placeholder word (`"{}"`, `"a { b"`) are plain text.
        if placeholders.isEmpty { return .equals(value) }
        // A placeholder alone is a whole value (`"{integer}"` takes the number 3); inside text it
        // is a pattern over a string (`"{integer} items"`).
        if template.parts.count == 1 { return .placeholder(placeholders[0]) }
        return .template(template)
    }

    /// Splits `order-{uuid}` into literal text and placeholders. `{word}` with an unknown word
    /// is a problem, not text: it is far more often a misspelt placeholder than a real value.
    private mutating func template(_ text: String, at node: Node, path: String) -> StringTemplate? {
        var parts: [StringTemplate.Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            // A `{` that does not open a word and a `}` is text: `"{ }"`, `"{a-b}"`.
            guard let close = rest[afterOpen...].firstIndex(of: "}"),
                case let word = rest[afterOpen..<close],
                !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                literal += "{"
                rest = rest[afterOpen...]
                continue
            }
            guard let placeholder = Placeholder(rawValue: String(word)) else {
                let names = Placeholder.allCases.map(\.rawValue)
                let suggestion = KeySuggestion.closest(to: String(word), in: names).map { "did you mean `{\($0)}`? " } ?? ""
                report(
                    "unknown placeholder `{\(word)}`", at: node, path: path,
                    hint: "\(suggestion)placeholders: \(names.map { "{\($0)}" }.joined(separator: ", ")); "
                        + "write `{ equals: \"\(text)\" }` to match the text as written"
                )
                return nil
            }
            // Text before it, after it, or earlier parts: the placeholder is inside a longer
            // string, where `{boolean}` cannot be.
            if !literal.isEmpty || close != rest.index(before: rest.endIndex) || !parts.isEmpty, !placeholder.isEmbeddable {
                report(
                    "`\(placeholder)` stands for a whole value, not part of a string", at: node, path: path,
                    hint: "write `\"\(placeholder)\"` alone, or use `{ regex: ... }`"
                )
                return nil
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.placeholder(placeholder))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return StringTemplate(parts)
    }

    /// `{ type: integer, gte: 1 }` and the like: every operator must hold.
    private mutating func operatorMatcher(
        _ mapping: Node.Mapping, node: Node, path: String, operators: [String]
    ) -> ParamMatcher? {
        // Beside a matcher key, a param name is ambiguous (`{ type: string, city: Paris }`):
        // refused, with the path that says it plainly (`"address.type": shirt`).
        let others = Array(mapping.keys).filter { key in key.plainString.map { !Self.matcherKeys.contains($0) } ?? true }
        for key in others {
            report(
                "`\(key.plainString ?? key.summary)` is neither a matcher nor allowed beside one (\(operators.map { "`\($0)`" }.joined(separator: ", ")))",
                at: key, path: path.appendingKey(key.plainString ?? ""),
                hint: Self.hint(forUnknown: key.plainString ?? "", allowed: Self.matcherKeys)
                    + "; to match a parameter named `\(operators[0])`, write its path: `\"\(path.split(separator: ".").last ?? "").\(operators[0])\": ...`"
            )
        }
        guard others.isEmpty else { return nil }
        var matchers: [ParamMatcher] = []
        // `gt`, `gte`, `lt` and `lte` gather into one range, added after the loop.
        var range = NumberRange()
        // No early return: every key's problem is reported before the matcher is given up.
        var valid = true
        var absent: Node?
        for (keyNode, value) in mapping {
            // Every key is a scalar matcher key here: `others` is empty.
            let key = keyNode.plainString!
            let keyPath = path.appendingKey(key)
            switch key {
            case "equals":
                var unsupported: Node?
                // The JSON value as written: no placeholders, objects and arrays compared in full.
                if let literal = value.jsonValue(unsupported: &unsupported) {
                    matchers.append(.equals(literal))
                } else {
                    let bad = unsupported ?? value
                    report(
                        "expected a JSON value, found \(bad.summary)", at: bad, path: keyPath, hint: "keys must be names; aliases are not supported")
                    valid = false
                }
            case "type":
                if let types = jsonTypes(value, path: keyPath) { matchers.append(.type(types)) } else { valid = false }
            case "regex":
                if let pattern = nonEmptyString(value, path: keyPath), checkedRegex(pattern, at: value, path: keyPath) {
                    matchers.append(.regex(pattern))
                } else {
                    valid = false
                }
            case "gt", "gte", "lt", "lte":
                guard let bound = value.number else {
                    report("expected a number, found \(value.summary)", at: value, path: keyPath, hint: "write `\(key): 0`")
                    valid = false
                    continue
                }
                switch key {
                case "gt": range.gt = bound
                case "gte": range.gte = bound
                case "lt": range.lt = bound
                default: range.lte = bound
                }
            case "present":
                guard let present = bool(value, path: keyPath) else {
                    valid = false
                    continue
                }
                if !present { absent = keyNode }
                matchers.append(.present(present))
            case "oneOf":
                guard case .sequence(let items) = value, !items.isEmpty else {
                    report("expected a non-empty list, found \(value.summary)", at: value, path: keyPath, hint: "write `oneOf: [USD, EUR]`")
                    valid = false
                    continue
                }
                var options: [ParamMatcher] = []
                for (index, item) in items.enumerated() {
                    if let option = matcher(item, path: keyPath.appendingIndex(index)) { options.append(option) } else { valid = false }
                }
                matchers.append(.oneOf(options))
            case "contains":
                if let element = matcher(value, path: keyPath) { matchers.append(.contains(element)) } else { valid = false }
            default:
                assertionFailure("matcherKeys and operatorMatcher disagree about `\(key)`")
            }
        }
        if !range.isEmpty { matchers.append(.range(range)) }
        // An absent param has no value for other matchers to check;
        // "absent or …" is written with `oneOf`.
        if let absent, matchers.count > 1 {
            report(
                "`present: false` cannot be combined with other matchers", at: absent, path: path.appendingKey("present"),
                hint: "an absent parameter has no value to check; use `oneOf: [{ present: false }, ...]` for \"absent or …\""
            )
            valid = false
        }
        guard valid else { return nil }
        return matchers.count == 1 ? matchers[0] : .all(matchers)
    }

    /// `string`, or a list such as `[string, null]` (a bare `null` names the type here).
    mutating func jsonTypes(_ node: Node, path: String) -> [JSONType]? {
        let names = JSONType.allCases.map(\.rawValue)
        let items: [(node: Node, path: String)]
        if case .sequence(let elements) = node {
            items = elements.enumerated().map { ($1, path.appendingIndex($0)) }
        } else {
            items = [(node, path)]
        }
        guard !items.isEmpty else {
            report("expected a type name", at: node, path: path, hint: "one of " + names.joined(separator: ", "))
            return nil
        }
        var types: [JSONType] = []
        for item in items {
            // A bare `null` is YAML's null, not text: here it names the JSON type.
            let text = item.node.isNull ? "null" : item.node.plainString
            if let text, let type = JSONType(rawValue: text) {
                types.append(type)
                continue
            }
            // `int`, `bool`, `dict` and other languages' spellings suggest JSON's; any other
            // word the nearest type name.
            let suggestion = text.flatMap { Self.typeAliases[$0.lowercased()]?.rawValue ?? KeySuggestion.closest(to: $0, in: names) }
            report(
                text.map { "unknown type '\($0)'" } ?? "expected a type name, found \(item.node.summary)", at: item.node, path: item.path,
                hint: (suggestion.map { "did you mean `\($0)`? " } ?? "") + "types: " + names.joined(separator: ", ")
            )
            return nil
        }
        return types
    }

    /// Spellings from other languages, for the hint only: `int` suggests `integer`.
    static let typeAliases: [String: JSONType] = [
        "int": .integer, "bool": .boolean, "float": .number, "double": .number, "str": .string,
        "dict": .object, "map": .object, "list": .array,
    ]
}
