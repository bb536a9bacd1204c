import XCTest

final class OnlyXCTestCases: XCTestCase {
    func testOne() { XCTAssertEqual(1 + 1, 2) }
    func testTwo() async { XCTAssertTrue(true) }
}
