import XCTest

/// A test the history already knows when the others arrive.
final class SettledTests: XCTestCase {
    func testSettled() {
        XCTAssertEqual(2 * 2, 4)
    }
}
