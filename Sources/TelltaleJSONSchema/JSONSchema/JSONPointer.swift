import Foundation

/// JSON Pointers (RFC 6901), as `$ref` fragments write them: `/definitions/address`.
enum JSONPointer {
    /// `/properties/items/0`, with `~` and `/` in keys escaped.
    static func string(_ path: [ParamPath.Component]) -> String {
        path.map { component in
            switch component {
            case .key(let key): "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    /// The value a fragment (`/definitions/a%20b`, percent-encoded as URIs carry it) points at
    /// inside `root`, with its path; nil when it points at nothing.
    static func resolve(fragment: String, in root: JSONValue) -> (value: JSONValue, path: [ParamPath.Component])? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        // `common.json#`: an empty fragment is the whole document.
        guard !decoded.isEmpty else { return (root, []) }
        guard decoded.hasPrefix("/") else { return nil }
        var value = root
        var path: [ParamPath.Component] = []
        for token in decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            // `~1` before `~0`, as RFC 6901 orders it: `~01` is the key `~1`, not `/`.
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch value {
            case .object(let members):
                guard let member = members[key] else { return nil }
                value = member
                path.append(.key(key))
            case .array(let elements):
                // An array step is an index within the array; `-`, RFC 6901's past-the-end, points at nothing.
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                value = elements[index]
                path.append(.index(index))
            default:
                return nil
            }
        }
        return (value, path)
    }
}
