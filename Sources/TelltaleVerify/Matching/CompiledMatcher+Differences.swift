import TelltaleModel

/// The slow path, for near misses only: what differs, down to the nested param that does.
extension CompiledMatcher {
    func differences(_ value: JSONValue?, at path: String) -> [ParamDifference] {
        if matches(value) { return [] }
        switch (test, value) {
        case (.fields(let fields), .object(let members)?):
            return fields.flatMap { $0.differences(members, under: path) }
        case (.elements(let matchers), .array(let elements)?) where matchers.count == elements.count:
            return zip(matchers, elements).enumerated().flatMap { index, pair in
                pair.0.differences(pair.1, at: "\(path)[\(index)]")
            }
        case (.elements(let matchers), .array(let elements)?):
            return [
                ParamDifference(
                    path: path, expected: "\(matchers.count) elements: \(source)",
                    actual: "\(elements.count) elements: \(ValueText.json(.array(elements)))"
                )
            ]
        default:
            return [ParamDifference(path: path, expected: source.description, actual: ValueText.describe(value))]
        }
    }
}

extension CompiledField {
    func differences(_ members: [String: JSONValue], under parent: String) -> [ParamDifference] {
        let text = path.description
        let full = parent.isEmpty ? text : text.hasPrefix("[") ? parent + text : "\(parent).\(text)"
        return matcher.differences(path.value(inParams: members), at: full)
    }
}
