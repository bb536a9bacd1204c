/// A test's identity, in the form `swift test list` prints it.
///
/// XCTest: `Module.Class/testMethod`. Swift Testing: `Module.Suite/function(label:)`,
/// `Module.Outer/Inner/function()` for nested suites, and `Module.function()` for a
/// test outside any suite. The string is the identity; the parts are derived from it.
///
/// Swift Testing lists a test with its source location appended,
/// `Module.Suite/same()/SharedTests.swift:16:6`, when another test anywhere in the test
/// binary has the same suite path and function name (its module aside): two test targets
/// with a `SharedTests` suite, or two overloads of one function. That suffix is part of
/// the identity, so the two stay apart; the name parts below leave it out.
///
/// A test run under one of several named sets of flags (a plan suite's `variants:`, or one of
/// an xcresult's devices and test-plan configurations) carries the set's name last, after a
/// space, in brackets: `Module.CheckoutTests/testPay [loggedOut]`. The variant is part of the
/// identity (history, retries, quarantine, every report keep the runs apart); the name parts
/// leave it out, and `listedName` and `timingKey` end with it. No listed id can end that way:
/// Swift Testing names end in `)`, XCTest names are identifiers, locations end in a digit.
///
/// Swift Testing names may be raw identifiers (SE-0451), listed with their backticks:
/// ``Module.`Raw suite`/`3rd party macros are allowed`()``. A dot or slash between backticks is
/// part of the name, so the parts below split only outside them.
public struct TestID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The test target's module: everything before the first dot.
    public var module: String {
        let base = rawValue.dropLast(variantSuffix.count)
        guard let dot = base.firstIndex(of: ".") else { return String(base) }
        return String(base[..<dot])
    }

    /// The path inside the module, split at slashes and without a source-location suffix
    /// or a variant: `["Class", "testMethod"]`, `["Outer", "Inner", "function()"]`, or
    /// `["function()"]` for a free function.
    public var components: [String] {
        let all = allComponents
        return sourceLocationSuffix == nil ? all : Array(all.dropLast())
    }

    /// `loggedOut` for `Module.CheckoutTests/testPay [loggedOut]`: the named set of flags the
    /// test ran under; nil for a test run once.
    public var variant: String? {
        Self.variantRange(in: rawValue).map { String(rawValue[$0]) }
    }

    /// The id without its variant: the test as the test binary lists it.
    public var withoutVariant: TestID {
        guard let range = Self.variantRange(in: rawValue) else { return self }
        // ` [` before the name, `]` after it.
        return TestID(String(rawValue[..<rawValue.index(range.lowerBound, offsetBy: -2)]))
    }

    /// This test under the variant `name` (replacing any variant it had).
    public func inVariant(_ name: String) -> TestID {
        TestID("\(withoutVariant.rawValue) [\(name)]")
    }

    /// ` [loggedOut]`, or empty without a variant.
    private var variantSuffix: Substring {
        guard let range = Self.variantRange(in: rawValue) else { return "" }
        return rawValue[rawValue.index(range.lowerBound, offsetBy: -2)...]
    }

    /// `SharedTests.swift:16:6` when the id carries Swift Testing's source-location suffix.
    public var sourceLocationSuffix: String? {
        let base = rawValue.dropLast(variantSuffix.count)
        guard let slash = Self.separators("/", in: base).last else { return nil }
        let last = base[base.index(after: slash)...]
        return Self.isSourceLocation(last) ? String(last) : nil
    }

    /// The id without its source-location suffix (its variant kept): what Swift Testing lists
    /// when the test's name is unique, and what `TelltaleLifecycleTrait` computes by default.
    public var withoutSourceLocation: TestID {
        guard let suffix = sourceLocationSuffix else { return self }
        let variant = variantSuffix
        return TestID(String(rawValue.dropLast(variant.count).dropLast(suffix.count + 1)) + variant)
    }

    /// The test's own name: the last component, without a source-location suffix or variant.
    public var name: String { components.last ?? rawValue }

    /// The name that tells the test apart within its suite: `name`, followed by
    /// `/File.swift:LINE:COL` when the id carries one, and by ` [variant]`. JUnit's `name`.
    public var listedName: String {
        (sourceLocationSuffix.map { "\(name)/\($0)" } ?? name) + variantSuffix
    }

    /// `suiteName/listedName`: JUnit's `classname` and `name` joined, so durations and history
    /// read from a JUnit file and from `run.json` name a test the same way.
    ///
    /// Computed in one pass over the id (it is the history's key for every test of every run):
    /// the suite path's slashes become dots, the name and any source-location suffix stay.
    public var timingKey: String {
        let variant = variantSuffix
        let suffix = sourceLocationSuffix
        let unsuffixed = rawValue.dropLast(variant.count)
        let base = suffix.map { unsuffixed.dropLast($0.count + 1) } ?? unsuffixed
        guard let dot = base.firstIndex(of: "."), base[..<dot].firstIndex(of: "/") == nil else {
            return "\(suiteName)/\(listedName)"
        }
        var key: String
        let slashes = Self.separators("/", in: base)
        if let slash = slashes.last {
            // Byte by byte: "/" and "." are ASCII, so UTF-8 stays valid. A slash inside a raw
            // identifier's backticks is part of its name and stays.
            var suite = Array(base[..<slash].utf8)
            for separator in slashes.dropLast() {
                suite[base.utf8.distance(from: base.startIndex, to: separator)] = UInt8(ascii: ".")
            }
            key = String(decoding: suite, as: UTF8.self) + "/" + base[base.index(after: slash)...]
        } else {
            // `Module.function()`: the module is the suite.
            key = base[..<dot] + "/" + base[base.index(after: dot)...]
        }
        if let suffix { key += "/" + suffix }
        return key + variant
    }

    /// The enclosing type path, dot-joined: `Module.Class` or `Module.Outer.Inner`;
    /// just `Module` for a free function. This is JUnit's `classname`.
    public var suiteName: String {
        let parents = components.dropLast()
        return ([module] + parents).joined(separator: ".")
    }

    /// Every prefix of the identity that names an enclosing suite, outermost first:
    /// `Module.Outer`, `Module.Outer/Inner`. Swift Testing filters match these too.
    public var enclosingSuiteIDs: [String] {
        let parts = components.dropLast()
        var result: [String] = []
        var current = module
        for (index, part) in parts.enumerated() {
            current += (index == 0 ? "." : "/") + part
            result.append(current)
        }
        return result
    }

    private var allComponents: [String] {
        let base = rawValue.dropLast(variantSuffix.count)
        let afterModule: Substring
        if let dot = base.firstIndex(of: ".") {
            afterModule = base[base.index(after: dot)...]
        } else {
            afterModule = base
        }
        var parts: [String] = []
        var start = afterModule.startIndex
        for slash in Self.separators("/", in: afterModule) {
            parts.append(String(afterModule[start..<slash]))
            start = afterModule.index(after: slash)
        }
        parts.append(String(afterModule[start...]))
        return parts
    }

    /// Where `separator` (ASCII) stands in `text` outside backticks: a raw identifier's
    /// `` `a/b works`() `` is one name. Most ids have no backtick and take the short road.
    static func separators(_ separator: Character, in text: Substring) -> [String.Index] {
        let byte = separator.asciiValue!
        let backtick = UInt8(ascii: "`")
        var found: [String.Index] = []
        var quoted = false
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let current = text.utf8[index]
            if current == backtick {
                quoted.toggle()
            } else if current == byte, !quoted {
                found.append(index)
            }
            index = text.utf8.index(after: index)
        }
        return found
    }

    /// Where the variant's name is in `text` (`… [name]`): after the last ` [`, before a final
    /// `]`, neither bracket inside; nil when the id has no variant.
    static func variantRange(in text: String) -> Range<String.Index>? {
        // Most ids do not end in `]`: answer those at once (the history keys every test by this).
        guard text.utf8.last == UInt8(ascii: "]"), let open = text.range(of: " [", options: .backwards) else { return nil }
        let name = open.upperBound..<text.index(before: text.endIndex)
        guard !name.isEmpty, !text[name].contains("["), !text[name].contains("]"), open.lowerBound > text.startIndex else { return nil }
        return name
    }

    /// `File.swift:16:6`, as Swift Testing's `SourceLocation` describes itself: a file
    /// name, a line and a column. Neither an XCTest method nor a Swift Testing function
    /// name (which ends in `)`) can look like this.
    static func isSourceLocation(_ text: Substring) -> Bool {
        // Most names have no colon at all: answer those without splitting.
        guard text.utf8.contains(UInt8(ascii: ":")) else { return false }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[0].isEmpty else { return false }
        return Int(parts[parts.count - 1]) != nil && Int(parts[parts.count - 2]) != nil
    }

    public static func < (lhs: TestID, rhs: TestID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TestID: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
