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
public struct TestID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The test target's module: everything before the first dot.
    public var module: String {
        guard let dot = rawValue.firstIndex(of: ".") else { return rawValue }
        return String(rawValue[..<dot])
    }

    /// The path inside the module, split at slashes and without a source-location suffix:
    /// `["Class", "testMethod"]`, `["Outer", "Inner", "function()"]`, or `["function()"]`
    /// for a free function.
    public var components: [String] {
        let all = allComponents
        return sourceLocationSuffix == nil ? all : Array(all.dropLast())
    }

    /// `SharedTests.swift:16:6` when the id carries Swift Testing's source-location suffix.
    public var sourceLocationSuffix: String? {
        guard let slash = rawValue.lastIndex(of: "/") else { return nil }
        let last = rawValue[rawValue.index(after: slash)...]
        return Self.isSourceLocation(last) ? String(last) : nil
    }

    /// The id without its source-location suffix: what Swift Testing lists when the
    /// test's name is unique, and what `TelltaleLifecycleTrait` computes by default.
    public var withoutSourceLocation: TestID {
        guard let suffix = sourceLocationSuffix else { return self }
        return TestID(String(rawValue.dropLast(suffix.count + 1)))
    }

    /// The test's own name: the last component, without a source-location suffix.
    public var name: String { components.last ?? rawValue }

    /// The name that tells the test apart within its suite: `name`, followed by
    /// `/File.swift:LINE:COL` when the id carries one. JUnit's `name`.
    public var listedName: String {
        sourceLocationSuffix.map { "\(name)/\($0)" } ?? name
    }

    /// `suiteName/listedName`: JUnit's `classname` and `name` joined, so durations and history
    /// read from a JUnit file and from `run.json` name a test the same way.
    ///
    /// Computed in one pass over the id (it is the history's key for every test of every run):
    /// the suite path's slashes become dots, the name and any source-location suffix stay.
    public var timingKey: String {
        let suffix = sourceLocationSuffix
        let base = suffix.map { rawValue.dropLast($0.count + 1) } ?? rawValue[...]
        guard let dot = base.firstIndex(of: "."), base[..<dot].firstIndex(of: "/") == nil else {
            return "\(suiteName)/\(listedName)"
        }
        var key: String
        if let slash = base.lastIndex(of: "/") {
            // Byte by byte: "/" and "." are ASCII, so UTF-8 stays valid.
            var suite = Array(base[..<slash].utf8)
            for index in suite.indices where suite[index] == UInt8(ascii: "/") { suite[index] = UInt8(ascii: ".") }
            key = String(decoding: suite, as: UTF8.self) + "/" + base[base.index(after: slash)...]
        } else {
            // `Module.function()`: the module is the suite.
            key = base[..<dot] + "/" + base[base.index(after: dot)...]
        }
        if let suffix { key += "/" + suffix }
        return key
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
        let afterModule: Substring
        if let dot = rawValue.firstIndex(of: ".") {
            afterModule = rawValue[rawValue.index(after: dot)...]
        } else {
            afterModule = rawValue[...]
        }
        return afterModule.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
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
