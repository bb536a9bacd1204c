import TelltaleModel

/// Validation of one value: every violation is added to `state.found` with the path to the
/// value, held on a stack so no path string is built unless something is wrong.
extension CompiledSchema {
    struct Finding {
        var kind: CatalogViolation.Kind
        var path: [ParamPath.Component]
        var expected: String
        var actual: JSONValue?
    }

    /// What validating many events reuses.
    struct State {
        var found: [Finding] = []
        var memo: RegexMemo
    }

    func validate(_ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        if !types.isEmpty, !types.contains(where: { $0.matches(value) }) {
            state.found.append(Finding(kind: .typeMismatch, path: path, expected: typeText, actual: value))
            return
        }
        if let allowed, !allowed.contains(value) {
            state.found.append(Finding(kind: .enumMismatch, path: path, expected: allowedText, actual: value))
        }
        switch value {
        case .string(let text): validate(string: text, value, path: path, state: &state)
        case .number(let number):
            if let numberBounds, !numberBounds.range.contains(number) {
                state.found.append(Finding(kind: .outOfRange, path: path, expected: numberBounds.text, actual: value))
            }
        case .array(let elements): validate(array: elements, value, path: &path, state: &state)
        case .object(let members): validate(object: members, path: &path, state: &state)
        case .bool, .null: break
        }
    }

    private func validate(string text: String, _ value: JSONValue, path: [ParamPath.Component], state: inout State) {
        if let pattern, !state.memo.matches(pattern, text) {
            state.found.append(Finding(kind: .patternMismatch, path: path, expected: "string matching /\(pattern.pattern)/", actual: value))
        }
        if let format, !ValueChecks.matches(format, text) {
            state.found.append(Finding(kind: .formatMismatch, path: path, expected: "string in \(format) format", actual: value))
        }
        if length.minimum != nil || length.maximum != nil {
            let count = text.count
            if let minimum = length.minimum, count < minimum {
                state.found.append(Finding(kind: .outOfRange, path: path, expected: "string of at least \(minimum) characters", actual: value))
            }
            if let maximum = length.maximum, count > maximum {
                state.found.append(Finding(kind: .outOfRange, path: path, expected: "string of at most \(maximum) characters", actual: value))
            }
        }
    }

    private func validate(array elements: [JSONValue], _ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        if let minimum = itemCount.minimum, elements.count < minimum {
            state.found.append(Finding(kind: .outOfRange, path: path, expected: "array of at least \(minimum) items", actual: value))
        }
        if let maximum = itemCount.maximum, elements.count > maximum {
            state.found.append(Finding(kind: .outOfRange, path: path, expected: "array of at most \(maximum) items", actual: value))
        }
        guard let items else { return }
        for (index, element) in elements.enumerated() {
            path.append(.index(index))
            items.validate(element, path: &path, state: &state)
            path.removeLast()
        }
    }

    /// Members in plan order, then any extra ones sorted by name: a dictionary's order changes
    /// from run to run, and the report must not.
    func validate(object members: [String: JSONValue], path: inout [ParamPath.Component], state: inout State) {
        var known = 0
        for name in propertyOrder {
            path.append(.key(name))
            if let member = members[name] {
                known += 1
                properties[name]!.validate(member, path: &path, state: &state)
            } else if required.contains(name) {
                state.found.append(Finding(kind: .missingRequired, path: path, expected: properties[name]!.typeText, actual: nil))
            }
            path.removeLast()
        }
        guard members.count > known, !additionalProperties else { return }
        let planned = propertyOrder.isEmpty ? "no properties" : propertyOrder.joined(separator: ", ")
        for name in members.keys.filter({ properties[$0] == nil }).sorted() {
            path.append(.key(name))
            state.found.append(Finding(kind: .extraProperty, path: path, expected: planned, actual: members[name]))
            path.removeLast()
        }
    }
}
