import Feature
import XCTest

final class FeatureTests: XCTestCase {
    func testQuadruples() { XCTAssertEqual(quadruple(2), 8) }
}
