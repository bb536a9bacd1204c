import Shapes
import XCTest

final class AreaTests: XCTestCase {
    func testSquare() {
        XCTAssertEqual(area(of: .square(2)), 4)
    }

    func testPositiveSign() {
        XCTAssertEqual(sign(of: 1), "positive")
    }
}
