import Shop
import XCTest

final class ShopTests: XCTestCase {
    func testTotal() { XCTAssertEqual(total(price: 250, quantity: 4), 1000, "the total is wrong") }

    func testRefund() { XCTAssertEqual(refund(1000), 1000, "the refund keeps a cent") }

    func testGreeting() { XCTAssertEqual(greeting("Ana"), "Hello, Ana", "the greeting is wrong") }
}
