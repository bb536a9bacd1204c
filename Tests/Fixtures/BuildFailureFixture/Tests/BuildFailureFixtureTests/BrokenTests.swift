import XCTest
import BuildFailureFixture

final class BrokenTests: XCTestCase {
    func testNeverRuns() { XCTAssertEqual(broken(), 0) }
}
