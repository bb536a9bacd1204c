/// Validation of one value: every violation is added to `state.found` with the path to the
/// value, held on a stack so no path string is built unless something is wrong.
extension CompiledSchema {
    package struct Finding {
        package var kind: JSONSchemaViolation.Kind
        package var path: [ParamPath.Component]
        package var expected: String
        package var actual: JSONValue?
    }

    /// What validating many events reuses.
    package struct State {
        package var found: [Finding] = []
        /// Pattern results by text, shared by every value this state validates.
        var memo: RegexMemo
        /// The `$ref` targets, by the index a schema's `reference` holds.
        let references: [CompiledSchema]
        /// Findings so far, kept or not: trying an alternative only needs to know whether it
        /// took the value, and a finding kept costs its path's copy.
        var failures = 0
        var keepsFindings = true

        package init(memo: RegexMemo, references: [CompiledSchema]) {
            self.memo = memo
            self.references = references
        }

        @inline(__always)
        mutating func add(_ kind: JSONSchemaViolation.Kind, _ path: [ParamPath.Component], _ expected: String, _ actual: JSONValue?) {
            failures += 1
            if keepsFindings { found.append(Finding(kind: kind, path: path, expected: expected, actual: actual)) }
        }
    }

    package func validate(_ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        // The `false` schema: nothing passes.
        if rejectsEverything {
            state.add(.typeMismatch, path, "no value (the schema allows none)", value)
            return
        }
        // The `$ref` target first; from 2019-09 the schema's own keywords apply beside it (up to
        // draft-07 the reader kept none).
        if let reference { state.references[reference].validate(value, path: &path, state: &state) }
        // A value of the wrong type is one finding: its other checks would only repeat it.
        if !typeMask.isEmpty, typeMask.isDisjoint(with: .of(value)) {
            state.add(.typeMismatch, path, typeText, value)
            return
        }
        if let allowed, !allowed.contains(value) {
            state.add(.enumMismatch, path, allowedText, value)
        }
        if let constant, constant != value {
            state.add(.enumMismatch, path, constantText, value)
        }
        switch value {
        case .string(let text): validate(string: text, value, path: path, state: &state)
        case .number(let number):
            if let numberBounds, !numberBounds.range.contains(number) {
                state.add(.outOfRange, path, numberBounds.text, value)
            }
        case .array(let elements): validate(array: elements, value, path: &path, state: &state)
        case .object(let members): validate(object: members, path: &path, state: &state)
        case .bool, .null: break
        }
        // `allOf` adds each member's findings; `anyOf` and `oneOf` add one verdict each.
        if composes {
            for member in allOf { member.validate(value, path: &path, state: &state) }
            if !anyOf.isEmpty { validate(value, against: anyOf, exactlyOne: false, path: &path, state: &state) }
            if !oneOf.isEmpty { validate(value, against: oneOf, exactlyOne: true, path: &path, state: &state) }
        }
    }

    private func validate(string text: String, _ value: JSONValue, path: [ParamPath.Component], state: inout State) {
        if let pattern, !state.memo.matches(pattern, text) {
            state.add(.patternMismatch, path, "string matching /\(pattern.pattern)/", value)
        }
        if let format, !FormatChecks.matches(format, text) {
            state.add(.formatMismatch, path, "string in \(format) format", value)
        }
        if length.minimum != nil || length.maximum != nil {
            // JSON Schema counts code points.
            let count = text.unicodeScalars.count
            if let minimum = length.minimum, count < minimum {
                state.add(.outOfRange, path, "string of at least \(minimum) characters", value)
            }
            if let maximum = length.maximum, count > maximum {
                state.add(.outOfRange, path, "string of at most \(maximum) characters", value)
            }
        }
    }

    private func validate(array elements: [JSONValue], _ value: JSONValue, path: inout [ParamPath.Component], state: inout State) {
        if let minimum = itemCount.minimum, elements.count < minimum {
            state.add(.outOfRange, path, "array of at least \(minimum) items", value)
        }
        if let maximum = itemCount.maximum, elements.count > maximum {
            state.add(.outOfRange, path, "array of at most \(maximum) items", value)
        }
        // `prefixItems` by position, then `items` for the rest; an element with neither is not checked.
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
    func validate(object values: [String: JSONValue], path: inout [ParamPath.Component], state: inout State) {
        var described = 0
        for member in members {
            if let value = values[member.name] {
                guard let schema = member.schema else { continue }
                described += 1
                path.append(.key(member.name))
                schema.validate(value, path: &path, state: &state)
                path.removeLast()
            } else if member.required {
                path.append(.key(member.name))
                state.add(.missingRequired, path, member.typeText, nil)
                path.removeLast()
            }
        }
        // A required name that `properties` does not describe is still an extra member.
        guard values.count > described else { return }
        switch additional {
        case .any: return
        case .none(let planned):
            for name in values.keys.filter({ properties[$0] == nil }).sorted() {
                path.append(.key(name))
                state.add(.extraProperty, path, planned, values[name])
                path.removeLast()
            }
        case .schema(let schema):
            for name in values.keys.filter({ properties[$0] == nil }).sorted() {
                path.append(.key(name))
                schema.validate(values[name]!, path: &path, state: &state)
                path.removeLast()
            }
        }
    }

    /// `anyOf` (at least one) or `oneOf` (exactly one), tried without keeping findings. A value
    /// no alternative takes is reported as the nearest alternative: one whose type the value has,
    /// then the one with the fewest findings; or as one type mismatch naming every alternative's
    /// types when it has none of them.
    private func validate(
        _ value: JSONValue, against alternatives: [CompiledSchema], exactlyOne: Bool, path: inout [ParamPath.Component], state: inout State
    ) {
        let keeping = state.keepsFindings
        let start = state.failures
        state.keepsFindings = false
        // The first two alternatives that take the value: a second one is all `oneOf` needs to know.
        var matched: (first: Int?, second: Int?) = (nil, nil)
        var nearest: (index: Int, rank: (Int, Int))?
        var onlyTypes = true
        for index in alternatives.indices {
            let alternative = alternatives[index]
            let before = state.failures
            alternative.validate(value, path: &path, state: &state)
            let failures = state.failures - before
            if failures == 0 {
                // `anyOf` stops at its first match, `oneOf` at its second.
                if matched.first == nil {
                    matched.first = index
                    if exactlyOne { continue }
                } else {
                    matched.second = index
                }
                break
            }
            let wrongType = alternative.hasWrongType(value)
            if !wrongType { onlyTypes = false }
            let rank = (wrongType ? 1 : 0, failures)
            if nearest == nil || rank < nearest!.rank { nearest = (index, rank) }
        }
        // The alternatives' own failures are not the value's: only the verdict below counts.
        state.keepsFindings = keeping
        state.failures = start
        if let first = matched.first, let second = matched.second {
            state.add(.ambiguousMatch, path, "exactly one of the oneOf schemas (it matches #\(first + 1) and #\(second + 1))", value)
        } else if matched.first == nil, let nearest {
            if onlyTypes {
                var texts: [String] = []
                for alternative in alternatives where !texts.contains(alternative.typeText) { texts.append(alternative.typeText) }
                state.add(.typeMismatch, path, texts.joined(separator: " or "), value)
            } else if keeping {
                alternatives[nearest.index].validate(value, path: &path, state: &state)
            } else {
                // Inside an outer alternative only the verdict matters: one failure, no findings.
                state.failures += 1
            }
        }
    }

    /// Whether the value fails this schema's own `type` (the alternative is then far from it).
    private func hasWrongType(_ value: JSONValue) -> Bool {
        !typeMask.isEmpty && typeMask.isDisjoint(with: .of(value))
    }
}
