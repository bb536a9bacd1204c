import Foundation
import TelltaleModel

/// XCTest's test list as JSON: what `--dump-tests-json` prints on Linux and SwiftPM's
/// `swiftpm-xctest-helper` writes on macOS. Read as SwiftPM reads it (`TestSuite.parse`):
/// the root's suites are bundles, theirs are classes (`Module.Class`), theirs are methods.
///
///     {"name":"All tests","tests":[{"name":"X.xctest","tests":[
///       {"name":"Module.Class","tests":[{"name":"testA"}]}]}]}
enum XCTestListJSON {
    private struct Node: Decodable {
        var name: String
        var tests: [Node]?
    }

    /// The ids, `Module.Class/test`, in the file's order.
    static func ids(from data: Data) throws -> [TestID] {
        let root = try JSONDecoder().decode(Node.self, from: data)
        var ids: [TestID] = []
        for bundle in root.tests ?? [] {
            for testClass in bundle.tests ?? [] {
                for method in testClass.tests ?? [] { ids.append(TestID("\(testClass.name)/\(method.name)")) }
            }
        }
        return ids
    }
}
