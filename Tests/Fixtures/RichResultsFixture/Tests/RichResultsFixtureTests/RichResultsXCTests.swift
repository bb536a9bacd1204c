import XCTest

final class RichResultsXCTests: XCTestCase {
    func testAttachesNothingOnLinux() {
        XCTAssertTrue(true)
    }

    func testSkipsWithAReason() throws {
        throw XCTSkip("needs a simulator")
    }
}
