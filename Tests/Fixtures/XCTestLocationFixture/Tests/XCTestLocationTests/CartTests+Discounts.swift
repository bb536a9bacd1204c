import XCTest

// Comments over several lines, so a line count that
// skipped them would be off.
extension CartTests {
    func testAppliesADiscount() {
        XCTAssertEqual(100 - 10, 90)
    }
}
