import TelltaleModel
import Yams

extension Node {
    /// The node as JSON, typed the way JSON would be: quoted scalars are strings; of plain ones
    /// `null`/`~`/nothing is null, only `true`/`false` are booleans (YAML 1.1's `yes`, `no`,
    /// `on` and `off` stay strings: `country: NO` is Norway), numbers are numbers. Nil when
    /// something has no JSON form (an alias, a key that is not a scalar); `unsupported` is it.
    func jsonValue(unsupported: inout Node?) -> JSONValue? {
        switch self {
        case .scalar(let scalar):
            return Self.json(scalar, node: self)
        case .sequence(let items):
            var elements: [JSONValue] = []
            for item in items {
                guard let value = item.jsonValue(unsupported: &unsupported) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case .mapping(let mapping):
            var members: [String: JSONValue] = [:]
            for (key, value) in mapping {
                // JSON keys are strings: a key that is a list, a mapping or null has no JSON form.
                guard let name = key.plainString else {
                    unsupported = key
                    return nil
                }
                guard let member = value.jsonValue(unsupported: &unsupported) else { return nil }
                members[name] = member
            }
            return .object(members)
        case .alias:
            unsupported = self
            return nil
        }
    }

    /// A scalar by the tag YAML resolved for it. Quoted text is always tagged `str`, so
    /// `"75001"` stays a string.
    private static func json(_ scalar: Node.Scalar, node: Node) -> JSONValue {
        switch node.tag.rawValue {
        case Tag.Name.null.rawValue:
            return .null
        // The resolver tags YAML 1.1's `yes`, `no`, `on` and `off` as booleans too; JSON has only
        // `true` and `false`, so the others fall through to strings.
        case Tag.Name.bool.rawValue where ["true", "false"].contains(scalar.string.lowercased()):
            return .bool(scalar.string.lowercased() == "true")
        case Tag.Name.int.rawValue:
            // An integer too large for `Int` is read as a double; one neither reads stays its text.
            if let int = node.int { return .number(Double(int)) }
            return node.float.map(JSONValue.number) ?? .string(scalar.string)
        case Tag.Name.float.rawValue:
            return node.float.map(JSONValue.number) ?? .string(scalar.string)
        default:
            return .string(scalar.string)
        }
    }

    /// A plain number: an int or float scalar that is not quoted.
    var number: Double? {
        var unsupported: Node?
        guard case .scalar = self, case .number(let number)? = jsonValue(unsupported: &unsupported) else { return nil }
        return number
    }

    /// Where the node is, as a `SourceLocation` in `file`.
    func location(in file: String) -> SourceLocation {
        let position = TextPosition(self)
        return SourceLocation(file: file, line: position.line, column: position.column)
    }
}
