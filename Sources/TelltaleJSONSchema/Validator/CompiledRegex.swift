/// A regular expression compiled once and matched anywhere in a string, as JSON Schema's
/// `pattern` and `swift test --filter` match.
package struct CompiledRegex: @unchecked Sendable {
    // Regex<AnyRegexOutput> is not declared Sendable, but it is an immutable value: its
    // compiled program is built once here and only read by matching, from any thread.
    private let regex: Regex<AnyRegexOutput>
    package let pattern: String
    /// Numbers the distinct patterns of one `RegexCache`, so a memo of results can be an array.
    let slot: Int

    package init(_ pattern: String, slot: Int = 0, context: @autoclosure () -> String) throws(VerificationError) {
        do {
            regex = try Regex(pattern)
        } catch {
            throw .invalidPattern(pattern, context: context(), reason: "\(error)")
        }
        self.pattern = pattern
        self.slot = slot
    }

    /// Whether the pattern matches anywhere in `text`: `pattern` is not anchored, so a schema writes
    /// `^…$` to match the whole string.
    package func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }
}

/// Compiles each distinct pattern once: 10,000 expectations often share a handful of regexes,
/// and compiling one costs far more than matching it.
package struct RegexCache {
    private(set) var compiled: [String: CompiledRegex] = [:]

    package init() {}

    package var count: Int { compiled.count }

    package mutating func regex(_ pattern: String, context: @autoclosure () -> String) throws(VerificationError) -> CompiledRegex {
        if let regex = compiled[pattern] { return regex }
        let regex = try CompiledRegex(pattern, slot: compiled.count, context: context())
        compiled[pattern] = regex
        return regex
    }
}

/// Results of regex matches by slot and text, for the tracking plan's check of every event,
/// where the same values (`"USD"`, `"A3"`) come again and again. Bounded, so unique values
/// (ids) cost a lookup and nothing more.
package struct RegexMemo {
    static let limit = 4096
    /// For each slot, results by text, at most `limit` texts each.
    private var results: [[String: Bool]]

    package init(slots: Int) {
        results = Array(repeating: [:], count: slots)
    }

    package mutating func matches(_ regex: CompiledRegex, _ text: String) -> Bool {
        if let known = results[regex.slot][text] { return known }
        let result = regex.matches(text)
        if results[regex.slot].count < Self.limit { results[regex.slot][text] = result }
        return result
    }
}
