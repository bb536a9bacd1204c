import SameName
import XCTest

// Same class and method names as AlphaTests' SharedCases: this one fails.
final class SharedCases: XCTestCase {
    func testSame() {
        XCTAssertEqual(Greeting.hello("beta"), "hello, BETA", "Beta's testSame fails, Alpha's passes")
    }
}
