import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `Tests/Fixtures/XCTestLocationFixture`: XCTest on Linux reports no place for a test, yet
/// JUnit promises `file` and `line` on each test case. Telltale reads the declarations from the
/// test module's sources: an inherited test is the base class's, an extension's test is in the
/// extension's file, and a failure keeps its own line.
@Suite(.tags(.large))
struct XCTestLocationRunTests {
    static let fixture = "XCTestLocationFixture"

    /// Each test case's `classname/name` → `file:line`, the file as its last two path components.
    static let expected: [String: String] = [
        "XCTestLocationTests.BaseCartTests/testStartsEmpty": "XCTestLocationTests/CartTests.swift:5",
        "XCTestLocationTests.CartTests/testStartsEmpty": "XCTestLocationTests/CartTests.swift:5",
        "XCTestLocationTests.CartTests/testAddsAnItem": "XCTestLocationTests/CartTests.swift:14",
        "XCTestLocationTests.CartTests/testAppliesADiscount": "XCTestLocationTests/CartTests+Discounts.swift:6",
        "XCTestLocationTests.CartTests/testFailsOnPurpose": "XCTestLocationTests/CartTests.swift:19",
    ]

    @Test func everyXCTestCaseInJUnitHasItsFileAndLine() async throws {
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture)
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: "\(run.reportDirectory)/junit.xml"))
        var found: [String: String] = [:]
        for case let element as XMLElement in try document.nodes(forXPath: "//testcase") {
            let classname = element.attribute(forName: "classname")?.stringValue ?? ""
            let name = element.attribute(forName: "name")?.stringValue ?? ""
            let file = element.attribute(forName: "file")?.stringValue ?? "(no file)"
            let line = element.attribute(forName: "line")?.stringValue ?? "(no line)"
            found["\(classname)/\(name)"] = file.split(separator: "/").suffix(2).joined(separator: "/") + ":" + line
        }
        #expect(found == Self.expected)
        // The record keeps the declaration beside the failure's own place.
        let record = try #require(run.record)
        let failing = try #require(record.tests.first { $0.id.rawValue == "XCTestLocationTests.CartTests/testFailsOnPurpose" })
        #expect(failing.location?.line == 18)
        #expect(failing.primaryMessage?.location?.line == 19)
    }
}
