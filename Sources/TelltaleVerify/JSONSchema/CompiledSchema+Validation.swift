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
        /// The `$ref` targets, by the index a schema's `reference` holds.
        let references: [CompiledSchema]
    }

    func validate(_ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        if rejectsEverything {
            state.found.append(Finding(kind: .typeMismatch, path: path, expected: "no value (the schema allows none)", actual: value))
            return
        }
        if let reference { state.references[reference].validate(value, path: &path, state: &state) }
        if !types.isEmpty, !types.contains(where: { $0.matches(value) }) {
            state.found.append(Finding(kind: .typeMismatch, path: path, expected: typeText, actual: value))
            return
        }
        if let allowed, !allowed.contains(value) {
            state.found.append(Finding(kind: .enumMismatch, path: path, expected: allowedText, actual: value))
        }
        if let constant, constant != value {
            state.found.append(Finding(kind: .enumMismatch, path: path, expected: constantText, actual: value))
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
        for member in allOf { member.validate(value, path: &path, state: &state) }
        if !anyOf.isEmpty || !oneOf.isEmpty { validateAlternatives(value, path: &path, state: &state) }
    }

    private func validate(string text: String, _ value: JSONValue, path: [ParamPath.Component], state: inout State) {
        if let pattern, !state.memo.matches(pattern, text) {
            state.found.append(Finding(kind: .patternMismatch, path: path, expected: "string matching /\(pattern.pattern)/", actual: value))
        }
        if let format, !FormatChecks.matches(format, text) {
            state.found.append(Finding(kind: .formatMismatch, path: path, expected: "string in \(format) format", actual: value))
        }
        if length.minimum != nil || length.maximum != nil {
            // JSON Schema counts code points.
            let count = text.unicodeScalars.count
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
        guard items != nil || !prefixItems.isEmpty else { return }
        for (index, element) in elements.enumerated() {
            guard let schema = index < prefixItems.count ? prefixItems[index] : items else { continue }
            path.append(.index(index))
            schema.validate(element, path: &path, state: &state)
            path.removeLast()
        }
    }

    /// Members in plan order, then any extra ones sorted by name: a dictionary's order changes
    /// from run to run, and the report must not.
    func validate(object members: [String: JSONValue], path: inout [ParamPath.Component], state: inout State) {
        var described = 0
        for name in propertyOrder {
            path.append(.key(name))
            if let member = members[name] {
                if let schema = properties[name] {
                    described += 1
                    schema.validate(member, path: &path, state: &state)
                }
            } else if required.contains(name) {
                state.found.append(Finding(kind: .missingRequired, path: path, expected: requiredTexts[name] ?? "any value", actual: nil))
            }
            path.removeLast()
        }
        // A required name that `properties` does not describe is still an extra member.
        guard members.count > described else { return }
        switch additional {
        case .any: return
        case .none(let planned):
            for name in members.keys.filter({ properties[$0] == nil }).sorted() {
                path.append(.key(name))
                state.found.append(Finding(kind: .extraProperty, path: path, expected: planned, actual: members[name]))
                path.removeLast()
            }
        case .schema(let schema):
            for name in members.keys.filter({ properties[$0] == nil }).sorted() {
                path.append(.key(name))
                schema.validate(members[name]!, path: &path, state: &state)
                path.removeLast()
            }
        }
    }

    /// `anyOf` (at least one) and `oneOf` (exactly one). A value no alternative takes is
    /// reported as the alternative nearest to it: the one with the fewest findings, or one type
    /// mismatch naming every alternative's types when each fails on its type alone.
    private func validateAlternatives(_ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        for (alternatives, exactlyOne) in [(anyOf, false), (oneOf, true)] where !alternatives.isEmpty {
            let start = state.found.count
            // The nearest: one whose type the value has, then the fewest findings.
            var nearest: (findings: [Finding], rank: (Int, Int))?
            var typeTexts: [String] = []
            var onlyTypes = true
            var matched: [Int] = []
            for (index, alternative) in alternatives.enumerated() {
                alternative.validate(value, path: &path, state: &state)
                if state.found.count == start {
                    matched.append(index)
                    if !exactlyOne || matched.count > 1 { break }
                    continue
                }
                let found = Array(state.found[start...])
                state.found.removeSubrange(start...)
                let wrongType = found.count == 1 && found[0].kind == .typeMismatch && found[0].path == path
                if wrongType {
                    if !typeTexts.contains(found[0].expected) { typeTexts.append(found[0].expected) }
                } else {
                    onlyTypes = false
                }
                let rank = (wrongType ? 1 : 0, found.count)
                if nearest == nil || rank < nearest!.rank { nearest = (found, rank) }
            }
            if matched.count > 1 {
                let which = matched.map { "#\($0 + 1)" }.joined(separator: " and ")
                state.found.append(
                    Finding(kind: .ambiguousMatch, path: path, expected: "exactly one of the oneOf schemas (it matches \(which))", actual: value))
            } else if matched.isEmpty, let nearest {
                if onlyTypes {
                    state.found.append(Finding(kind: .typeMismatch, path: path, expected: typeTexts.joined(separator: " or "), actual: value))
                } else {
                    state.found += nearest.findings
                }
            }
        }
    }
}
