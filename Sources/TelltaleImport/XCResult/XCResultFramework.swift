import TelltaleModel

/// Which framework a test case was written with. The JSON does not say, so it is read from
/// what only Swift Testing produces: tags, argument cases, a display name, a function outside
/// any suite, labelled parameters, or a name XCTest would not run (not `test…`).
enum XCResultFramework {
    static func of(_ node: XCResultTests.Node, function: String, suites: [String]) -> TestFramework {
        if !(node.tags ?? []).isEmpty || containsArguments(node) { return .swiftTesting }
        if suites.isEmpty || !function.hasPrefix("test") { return .swiftTesting }
        // XCTest methods take no arguments: `testLogin()`; Swift Testing's may: `parses(input:)`.
        if let open = function.firstIndex(of: "("), function[open...] != "()" { return .swiftTesting }
        if node.name != function, node.name + "()" != function { return .swiftTesting }
        return .xctest
    }

    private static func containsArguments(_ node: XCResultTests.Node) -> Bool {
        node.kids.contains { $0.nodeType == XCResultTests.NodeType.arguments || containsArguments($0) }
    }
}
