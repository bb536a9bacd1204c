/// A test's identity, in the form `swift test list` prints it.
///
/// XCTest: `Module.Class/testMethod`. Swift Testing: `Module.Suite/function(label:)`,
/// `Module.Outer/Inner/function()` for nested suites, and `Module.function()` for a
/// test outside any suite. The string is the identity; the parts are derived from it.
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

    /// The path inside the module, split at slashes: `["Class", "testMethod"]`,
    /// `["Outer", "Inner", "function()"]`, or `["function()"]` for a free function.
    public var components: [String] {
        let afterModule: Substring
        if let dot = rawValue.firstIndex(of: ".") {
            afterModule = rawValue[rawValue.index(after: dot)...]
        } else {
            afterModule = rawValue[...]
        }
        return afterModule.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The test's own name: the last component.
    public var name: String { components.last ?? rawValue }

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
