import TelltaleModel

/// A `ParamMatcher` ready to run: regexes and templates compiled once. Keeps its source for
/// the "expected …" half of messages.
struct CompiledMatcher: Sendable {
    /// What the matcher checks, with its regexes compiled: a `template` becomes an anchored `regex`.
    indirect enum Test: Sendable {
        case equals(JSONValue)
        case placeholder(Placeholder)
        case regex(CompiledRegex)
        case type([JSONType])
        case range(NumberRange)
        case present(Bool)
        case oneOf([CompiledMatcher])
        case fields([CompiledField])
        case elements([CompiledMatcher])
        case contains(CompiledMatcher)
        case all([CompiledMatcher])
    }

    /// As the plan wrote it: the "expected …" of a message.
    let source: ParamMatcher
    let test: Test

    /// `context` names the matcher in the error of a regex that does not compile.
    init(_ source: ParamMatcher, context: String, regexes: inout RegexCache) throws(VerificationError) {
        self.source = source
        switch source {
        case .equals(let value): test = .equals(value)
        case .placeholder(let placeholder): test = .placeholder(placeholder)
        case .template(let template): test = .regex(try Self.compile(template, context: context, regexes: &regexes))
        case .type(let types): test = .type(types)
        case .regex(let pattern): test = .regex(try regexes.regex(pattern, context: context))
        case .range(let range): test = .range(range)
        case .present(let present): test = .present(present)
        case .oneOf(let options):
            test = .oneOf(try options.map { (option) throws(VerificationError) in try CompiledMatcher(option, context: context, regexes: &regexes) })
        case .fields(let fields):
            test = .fields(try fields.map { (field) throws(VerificationError) in try CompiledField(field, context: context, regexes: &regexes) })
        case .elements(let elements):
            test = .elements(
                try elements.map { (element) throws(VerificationError) in try CompiledMatcher(element, context: context, regexes: &regexes) })
        case .contains(let element): test = .contains(try CompiledMatcher(element, context: context, regexes: &regexes))
        case .all(let matchers):
            test = .all(try matchers.map { (matcher) throws(VerificationError) in try CompiledMatcher(matcher, context: context, regexes: &regexes) })
        }
    }

    /// The template's literal parts escaped, its placeholders as their fragments, anchored.
    private static func compile(
        _ template: StringTemplate, context: String, regexes: inout RegexCache
    ) throws(VerificationError) -> CompiledRegex {
        var pattern = "^"
        for part in template.parts {
            switch part {
            case .literal(let text): pattern += TestIDPattern.escaped(text)
            case .placeholder(let placeholder): pattern += ValueChecks.regexFragment(placeholder)
            }
        }
        return try regexes.regex(pattern + "$", context: context)
    }

    /// Whether `value` (nil: absent) matches. The fast path: no strings built.
    func matches(_ value: JSONValue?) -> Bool {
        // The matchers that decide on an absent value too; every other needs a value to hold.
        switch test {
        case .present(let present):
            return (value != nil) == present
        case .oneOf(let options):
            return options.contains { $0.matches(value) }
        case .all(let matchers):
            return matchers.allSatisfy { $0.matches(value) }
        case .placeholder(let placeholder):
            return ValueChecks.matches(placeholder, value)
        default:
            guard let value else { return false }
            return matches(present: value)
        }
    }

    /// The matchers that need a value, given one. A value of another JSON type fails rather than
    /// being converted: `"9.99"` is no number, and `9.99` matches no regex.
    private func matches(present value: JSONValue) -> Bool {
        switch test {
        case .equals(let expected):
            return value == expected
        case .regex(let regex):
            guard case .string(let text) = value else { return false }
            return regex.matches(text)
        case .type(let types):
            return types.contains { $0.matches(value) }
        case .range(let range):
            guard case .number(let number) = value else { return false }
            return range.contains(number)
        case .fields(let fields):
            guard case .object(let members) = value else { return false }
            return fields.allSatisfy { $0.matches(members) }
        case .elements(let matchers):
            guard case .array(let elements) = value, elements.count == matchers.count else { return false }
            return zip(matchers, elements).allSatisfy { $0.matches($1) }
        case .contains(let matcher):
            guard case .array(let elements) = value else { return false }
            return elements.contains { matcher.matches($0) }
        // Decided in `matches(_:)`, which never calls this for them; here for an exhaustive switch.
        case .present, .oneOf, .all, .placeholder:
            return matches(value)
        }
    }
}

/// A `ParamField` ready to run.
struct CompiledField: Sendable {
    let path: ParamPath
    let matcher: CompiledMatcher

    init(_ field: ParamField, context: String, regexes: inout RegexCache) throws(VerificationError) {
        path = field.path
        matcher = try CompiledMatcher(field.matcher, context: "\(context): \(field.path)", regexes: &regexes)
    }

    /// Whether the member at `path` matches. `value(inParams:)` takes a params key spelled like the
    /// whole path first (a flat `"item.id"`), then the nested path; a missing member is nil.
    func matches(_ members: [String: JSONValue]) -> Bool {
        matcher.matches(path.value(inParams: members))
    }
}
