import SameName
import Testing
import XCTest

struct PlainSuite {
    @Test func greets() {
        #expect(Greeting.hello("plain") == "hello, plain")
    }
}

final class PlainCases: XCTestCase {
    func testGreets() {
        XCTAssertEqual(Greeting.hello("plain"), "hello, plain")
    }
}
