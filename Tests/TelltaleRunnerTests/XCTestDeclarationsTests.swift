import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// Where an XCTest test is declared, from its module's sources: in its class, in an extension
/// of it in another file, or, for an inherited test, in the base class.
@Suite(.tags(.small))
struct XCTestDeclarationsTests {
    static let base = """
        import XCTest

        class BaseTests: XCTestCase {
            func testShared() {}
        }

        // func testCommentedOut() {}
        final class CartTests: BaseTests, @unchecked Sendable {
            class func helper() -> Int { 1 }
            let text = "func testInAString() {}"
            struct Nested {
                func testNotAMethodOfCart() {}
            }
            func testAdds() {
                func testLocal() {}
            }
        }

        class Deeper<T>: CartTests {}
        """

    static let extensionFile = """
        import XCTest
        /* a comment
           on two lines */
        extension CartTests {
            func `testRaw name`() {}
            func testDiscount() async throws {}
        }
        """

    static func index() -> XCTestDeclarations {
        var declarations = XCTestDeclarations()
        declarations.add(path: "/p/Tests/M/CartTests.swift", text: base)
        declarations.add(path: "/p/Tests/M/CartTests+Discount.swift", text: extensionFile)
        return declarations
    }

    @Test(arguments: [
        ("M.BaseTests/testShared", "CartTests.swift", 4),
        ("M.CartTests/testShared", "CartTests.swift", 4),
        ("M.Deeper/testShared", "CartTests.swift", 4),
        ("M.CartTests/testAdds", "CartTests.swift", 14),
        ("M.Deeper/testAdds", "CartTests.swift", 14),
        ("M.CartTests/testDiscount", "CartTests+Discount.swift", 6),
    ])
    func eachTestIsFoundWhereItIsDeclared(id: String, file: String, line: Int) throws {
        let location = try #require(Self.index().location(of: TestID(id)))
        #expect(location.file == "/p/Tests/M/\(file)")
        #expect(location.line == line)
    }

    @Test(arguments: [
        "M.CartTests/testCommentedOut", "M.CartTests/testInAString", "M.CartTests/testNotAMethodOfCart", "M.CartTests/testLocal",
        "M.Other/testShared",
    ])
    func whatNoTypeDeclaresHasNoPlace(id: String) {
        #expect(Self.index().location(of: TestID(id)) == nil)
    }

    @Test func aRawIdentifierMethodIsFoundByItsName() {
        #expect(Self.index().location(of: TestID("M.CartTests/`testRaw name`"))?.line == 5)
    }

    @Test func theBuildsSourceListNamesTheModulesFiles() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("declarations-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: bin) }
        try FileManager.default.createDirectory(atPath: "\(bin)/M.build", withIntermediateDirectories: true)
        try "/p/Tests/M/A.swift\n'/p/Tests/M/With Space.swift'\n/p/Tests/M/Resource.json\n".write(
            toFile: "\(bin)/M.build/sources", atomically: true, encoding: .utf8)
        #expect(
            XCTestDeclarations.sources(ofModule: "M", binDirectory: bin, packageRoot: "/p") == ["/p/Tests/M/A.swift", "/p/Tests/M/With Space.swift"])
    }
}
