import TelltaleModel

/// Which framework a test case was written with. The JSON does not say, so it is read from
/// what only Swift Testing produces: tags, argument cases, a display name, a function outside
/// any suite, labelled parameters, or a name XCTest would not run (not `test…`).
enum XCResultFramework {
    /// `function` is the last part of the node's identifier (`testAdd()`, `discount(for:)`) and
    /// `suites` the parts before it; XCTest only when nothing points to Swift Testing.
    static func of(_ node: XCResultTests.Node, function: String, suites: [String]) -> TestFramework {
        if !(node.tags ?? []).isEmpty || containsArguments(node) { return .swiftTesting }
        if suites.isEmpty || !function.hasPrefix("test") { return .swiftTesting }
        // XCTest methods take no arguments: `testLogin()`; Swift Testing's may: `parses(input:)`.
        if let open = function.firstIndex(of: "("), function[open...] != "()" { return .swiftTesting }
        // A name other than the function's is a `@Test("…")` display name.
        if node.name != function, node.name + "()" != function { return .swiftTesting }
        return .xctest
    }

    /// Whether an `Arguments` node is anywhere below, under `Device` or configuration layers too.
    private static func containsArguments(_ node: XCResultTests.Node) -> Bool {
        node.kids.contains { $0.nodeType == XCResultTests.NodeType.arguments || containsArguments($0) }
    }
}
