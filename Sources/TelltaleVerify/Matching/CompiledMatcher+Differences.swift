import TelltaleModel

/// The slow path, for near misses only: what differs, down to the nested param that does.
extension CompiledMatcher {
    /// How `value` (nil: absent) differs from the matcher, each difference at its full path; empty
    /// when it matches. Objects and arrays of the expected length are descended into, so a failure
    /// names the member that differs (`items[1].sku`), not the whole value.
    func differences(_ value: JSONValue?, at path: String) -> [ParamDifference] {
        if matches(value) { return [] }
        switch (test, value) {
        case (.fields(let fields), .object(let members)?):
            return fields.flatMap { $0.differences(members, under: path) }
        case (.elements(let matchers), .array(let elements)?) where matchers.count == elements.count:
            return zip(matchers, elements).enumerated().flatMap { index, pair in
                pair.0.differences(pair.1, at: "\(path)[\(index)]")
            }
        // An array of another length: comparing element by element would blame the wrong elements,
        // so the counts are the difference.
        case (.elements(let matchers), .array(let elements)?):
            return [
                ParamDifference(
                    path: path, expected: "\(matchers.count) elements: \(source)",
                    actual: "\(elements.count) elements: \(ValueText.json(.array(elements)))"
                )
            ]
        // A leaf, or a matcher with no members to descend into (`oneOf`, `contains`, a type): the
        // value differs as a whole.
        default:
            return [ParamDifference(path: path, expected: source.description, actual: ValueText.describe(value))]
        }
    }
}

extension CompiledField {
    /// How the member at this field's path differs, its path joined to `parent`'s: with a dot, or,
    /// for a bracketed path (`[0]`, `["key.with.dots"]`), without one.
    func differences(_ members: [String: JSONValue], under parent: String) -> [ParamDifference] {
        let text = path.description
        let full = parent.isEmpty ? text : text.hasPrefix("[") ? parent + text : "\(parent).\(text)"
        return matcher.differences(path.value(inParams: members), at: full)
    }
}
