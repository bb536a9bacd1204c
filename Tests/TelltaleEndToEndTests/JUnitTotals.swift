import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads JUnit the way a consumer would, with an XML parser rather than string matching.
struct JUnitTotals: Equatable {
    var tests: Int
    var failures: Int
    var errors: Int
    var skipped: Int

    /// Counts the `testcase` elements themselves, and checks they agree with the root's totals.
    static func read(path: String) throws -> JUnitTotals {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        func count(_ child: String) -> Int { cases.count { !$0.elements(forName: child).isEmpty } }
        let counted = JUnitTotals(tests: cases.count, failures: count("failure"), errors: count("error"), skipped: count("skipped"))
        let root = try #require(document.rootElement())
        func attribute(_ name: String) -> Int { Int(root.attribute(forName: name)?.stringValue ?? "") ?? -1 }
        let declared = JUnitTotals(
            tests: attribute("tests"), failures: attribute("failures"), errors: attribute("errors"), skipped: attribute("skipped"))
        guard counted == declared else {
            throw JUnitMismatch(description: "root declares \(declared) but the test cases count \(counted)")
        }
        return counted
    }

    /// As a JUnit consumer sees them: every test case's `classname/name` and outcome, in document order, repeated names kept.
    static func outcomeList(path: String) throws -> [(key: String, outcome: String)] {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        var result: [(key: String, outcome: String)] = []
        for case let element as XMLElement in try document.nodes(forXPath: "//testcase") {
            let classname = element.attribute(forName: "classname")?.stringValue ?? ""
            let name = element.attribute(forName: "name")?.stringValue ?? ""
            let outcome = ["failure", "error", "skipped"].first { !element.elements(forName: $0).isEmpty } ?? "passed"
            result.append(("\(classname)/\(name)", outcome == "error" ? "failure" : outcome))
        }
        return result
    }

    struct JUnitMismatch: Error, CustomStringConvertible {
        var description: String
    }
}
