import SameName
import XCTest

// Same class and method names as BetaTests' SharedCases: this one passes.
final class SharedCases: XCTestCase {
    func testSame() {
        XCTAssertEqual(Greeting.hello("alpha"), "hello, alpha")
    }
}
