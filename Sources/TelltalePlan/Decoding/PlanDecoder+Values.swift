import Yams

/// Typed reads. Each reports what is wrong and returns nil (or an empty
/// value), so decoding goes on and later problems are found too.
extension PlanDecoder {
    /// A mapping, or nil for null (the caller's defaults apply) and for anything else (reported).
    mutating func mapping(_ node: Node, path: String, example: String) -> Node.Mapping? {
        if case .mapping(let mapping) = node { return mapping }
        if !node.isNull {
            report("expected a mapping, found \(node.summary)", at: node, path: path, hint: "write it like \(example)")
        }
        return nil
    }

    /// Any non-empty scalar, so `name: 2024` is the name "2024".
    mutating func nonEmptyString(_ node: Node, path: String) -> String? {
        if node.isNull { return nil }
        guard let text = node.plainString else {
            report(
                "expected a string, found \(node.summary)", at: node, path: path,
                hint: "write a single value; quote it if it contains `: ` or ` #`"
            )
            return nil
        }
        guard !text.trimmingWhitespace().isEmpty else {
            report("must not be empty", at: node, path: path, hint: "remove the key to use its default")
            return nil
        }
        return text
    }

    /// A whole number of at least `minimum`.
    mutating func count(_ node: Node, path: String, minimum: Int?) -> Int? {
        if node.isNull { return nil }
        let atLeast = minimum.map { " of at least \($0)" } ?? ""
        // `Int(text)`, not YAML's int: `3.0`, `1e3` and `0x10` are refused, a quoted `"3"` is taken.
        guard let text = node.plainString, let value = Int(text) else {
            report(
                "expected a whole number\(atLeast), found \(node.summary)", at: node, path: path,
                hint: "write a number such as `\(max(minimum ?? 1, 1))`, or remove the key to use its default"
            )
            return nil
        }
        if let minimum, value < minimum {
            let what = minimum == 0 ? "must not be negative" : "must be at least \(minimum)"
            report("\(what), found \(value)", at: node, path: path, hint: "remove the key to use its default")
            return nil
        }
        return value
    }

    /// `true` or `false`, and YAML 1.1's `yes`, `no`, `on` and `off`, as Yams reads them. A quoted
    /// `"true"` is a string, and a problem.
    mutating func bool(_ node: Node, path: String) -> Bool? {
        if node.isNull { return nil }
        guard let value = node.bool else {
            report(
                "expected true or false, found \(node.summary)", at: node, path: path, hint: "write `true` or `false`"
            )
            return nil
        }
        return value
    }

    /// A list of strings; a single string stands for a list of one (`filter: Foo`).
    mutating func strings(_ node: Node, path: String) -> [(value: String, node: Node, path: String)] {
        if node.isNull { return [] }
        if let text = node.plainString { return [(text, node, path)] }
        guard case .sequence(let items) = node else {
            report(
                "expected a string or a list of strings, found \(node.summary)", at: node, path: path,
                hint: "write one value, or a list like `[A, B]`"
            )
            return []
        }
        // Each item on its own: a bad one is reported and the others kept.
        var result: [(value: String, node: Node, path: String)] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appendingIndex(index)
            if let text = item.plainString {
                result.append((text, item, itemPath))
            } else {
                report(
                    "expected a string, found \(item.summary)", at: item, path: itemPath,
                    hint: "list items are single values; quote any containing `: ` or ` #`"
                )
            }
        }
        return result
    }

    /// Strings that must compile as Swift regexes, as `swift test --filter` needs them to.
    mutating func patterns(_ node: Node, path: String) -> [String] {
        let items = strings(node, path: path)
        for item in items {
            do {
                _ = try Regex(item.value)
            } catch {
                report(
                    "'\(item.value)' is not a valid regular expression (\(error))", at: item.node, path: item.path,
                    hint: "escape characters meant literally with a backslash, e.g. `\\(` or `\\.`"
                )
            }
        }
        return items.map(\.value)
    }

    /// Swift Testing tag names, written `network` or `.network` (as in `.tags(.network)`); kept without the dot.
    mutating func tagNames(_ node: Node, path: String) -> [String] {
        let items = strings(node, path: path)
        var names: [String] = []
        for item in items {
            let name = item.value.hasPrefix(".") ? String(item.value.dropFirst()) : item.value
            // What a Swift identifier, or a dotted path of them, holds:
            // anything else cannot name a tag.
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                report(
                    "'\(item.value)' is not a tag name", at: item.node, path: item.path,
                    hint: "write the tag as it is declared, e.g. `network` for `@Tag static var network: Self`"
                )
                continue
            }
            names.append(name)
        }
        return names
    }

    /// String keys to scalar values; numbers and booleans keep their text (`DEBUG: 1` is "1").
    mutating func stringMap(_ node: Node, path: String) -> [String: String] {
        guard let mapping = mapping(node, path: path, example: "`environment: { API_URL: http://localhost }`") else {
            return [:]
        }
        var result: [String: String] = [:]
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.plainString else {
                report(
                    "keys must be names, found \(keyNode.summary)", at: keyNode, path: path,
                    hint: "write each variable as `NAME: value`"
                )
                continue
            }
            let entryPath = path.appendingKey(key)
            // `KEY:` with nothing after it is reported rather than read as "": a value forgotten is
            // more likely than an empty one meant, which `KEY: ""` says.
            if let value = valueNode.plainString {
                result[key] = value
            } else if valueNode.isNull {
                report(
                    "`\(key)` has no value", at: valueNode, path: entryPath,
                    hint: "write `\(key): \"\"` for an empty value"
                )
            } else {
                report(
                    "expected a string, found \(valueNode.summary)", at: valueNode, path: entryPath,
                    hint: "an environment variable holds one string; quote it if needed"
                )
            }
        }
        return result
    }

    /// A positive duration with a unit.
    mutating func duration(_ node: Node, path: String) -> Duration? {
        if node.isNull { return nil }
        guard let text = node.plainString else {
            report("expected a duration, found \(node.summary)", at: node, path: path, hint: DurationParser.formatHint)
            return nil
        }
        guard let duration = DurationParser.parse(text) else {
            report("'\(text)' is not a duration", at: node, path: path, hint: DurationParser.hint(for: text))
            return nil
        }
        // Zero would be a limit nothing meets; no limit is written by leaving the key out.
        guard duration > .zero else {
            report("a timeout must be longer than zero", at: node, path: path, hint: "remove the key for no limit")
            return nil
        }
        return duration
    }
}
