import XCTest

/// Every cart suite runs this test; XCTest lists it under each subclass.
class BaseCartTests: XCTestCase {
    func testStartsEmpty() {
        XCTAssertTrue([Int]().isEmpty)
    }
}

final class CartTests: BaseCartTests {
    // func testCommentedOut() {}
    class func helper() -> Int { 1 }

    func testAddsAnItem() {
        XCTAssertEqual([1].count, CartTests.helper())
    }

    func testFailsOnPurpose() {
        XCTFail("a failure at its own line")
    }
}
