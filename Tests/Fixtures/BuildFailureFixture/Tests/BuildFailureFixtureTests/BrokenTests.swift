import BuildFailureFixture
import XCTest

final class BrokenTests: XCTestCase {
    func testNeverRuns() { XCTAssertEqual(broken(), 0) }
}
