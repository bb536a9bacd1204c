/// Where a value sits inside a JSON value: `currency`, `address.city`, `items[0].sku`,
/// `["key.with.dots"]`. A parameter inside an event's params, written as a key in `params:` so
/// nested values need no nested YAML; and the place of a schema or a problem in a JSON file.
public struct ParamPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a member's name, or an array's index from 0.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// From the outside in: `items[0].sku` is `.key("items")`, `.index(0)`, `.key("sku")`.
    public var components: [Component]

    public init(_ components: [Component]) {
        self.components = components
    }

    /// The one key `key`, taken as it is, not parsed: `ParamPath(key: "a.b")` names the member
    /// `a.b`, not `b` inside `a`.
    public init(key: String) {
        self.components = [.key(key)]
    }

    /// `a.b[0]["c.d"]`; nil when the text is not a path (an unclosed bracket, an empty key).
    /// Text with no `.` or `[` is one key, whatever else it holds (`Order ID`, `$distinct_id`).
    public init?(parsing text: String) {
        guard text.contains(where: { $0 == "." || $0 == "[" }) else {
            guard !text.isEmpty else { return nil }
            self.components = [.key(text)]
            return
        }
        var components: [Component] = []
        var rest = Substring(text)
        // Whether a bare key may come next: at the start and after `.`, not straight after a key or
        // a `]` (`a[0]b` is refused).
        var expectKey = true
        while !rest.isEmpty {
            if rest.first == "[" {
                rest = rest.dropFirst()
                // `["key.with.dots"]` or `['key']`: the key runs to the next of the same quote (there are
                // no escapes), which `]` must follow.
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    guard let end = rest.dropFirst().firstIndex(of: quote), rest[rest.index(after: end)...].first == "]" else { return nil }
                    components.append(.key(String(rest[rest.index(after: rest.startIndex)..<end])))
                    rest = rest[rest.index(end, offsetBy: 2)...]
                } else {
                    // `[0]`: an index, 0 or more.
                    guard let end = rest.firstIndex(of: "]"), let index = Int(rest[..<end]), index >= 0 else { return nil }
                    components.append(.index(index))
                    rest = rest[rest.index(after: end)...]
                }
                expectKey = false
            } else if rest.first == "." {
                // A `.` needs a step before it and a key after it: `.a`, `a..b` and `a.[0]` are refused.
                guard !components.isEmpty else { return nil }
                rest = rest.dropFirst()
                expectKey = true
                guard let first = rest.first, first != "." && first != "[" else { return nil }
            } else {
                guard expectKey else { return nil }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                components.append(.key(String(rest[..<end])))
                rest = rest[end...]
                expectKey = false
            }
        }
        // A trailing `.` (`a.`) leaves a key expected.
        guard !components.isEmpty, !expectKey else { return nil }
        self.components = components
    }

    /// The path as it would be written: keys that hold `.`, `[` or `]` are bracketed and quoted.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            // A key that would not parse back bare; it is written between `"` unescaped.
            case .key(let key) where key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" }) || key.isEmpty:
                text += "[\"\(key)\"]"
            case .key(let key):
                text += text.isEmpty ? key : ".\(key)"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The value at this path inside `value`, or nil when some step is missing.
    public func value(in value: JSONValue) -> JSONValue? {
        var current = value
        for component in components {
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                // Past the end is missing, as an absent key is.
                guard index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
