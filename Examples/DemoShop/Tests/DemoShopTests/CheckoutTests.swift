import DemoShopCore
import TelltaleTesting
import XCTest

/// The checkout flow; Plans/demo.yml expects a purchase_completed event with the order's value.
final class CheckoutTests: TelltaleTestCase {
    override func setUp() async throws {
        try XCTSkipIf(
            Backend.url == nil && !Backend.environment.isUnderTelltale,
            "no backend: run with `telltale run Plans/demo.yml`, or set TELLTALE_TEST_MODE_URL")
    }

    private func loggedInStore() async throws -> ShopStore {
        let store = try Backend.store()
        try await store.login(email: "alice@example.com", password: "wonderland")
        return store
    }

    func testCheckoutSucceeds() async throws {
        let store = try await loggedInStore()
        _ = try await store.add("tee", quantity: 2)
        let order = try await store.checkout(cardNumber: "4242424242424242")
        XCTAssertEqual(order.totalCents, 5000)
        // The backend's teardown checks that exactly one paid order was written.
        let current = await store.token
        let token = try XCTUnwrap(current)
        let cart = try await store.api.cart(token: token)
        XCTAssertTrue(cart.items.isEmpty)
        try await Backend.events?.waitFor("purchase_completed")
    }

    func testPaymentDeclined() async throws {
        let store = try await loggedInStore()
        _ = try await store.add("mug")
        do {
            _ = try await store.checkout(cardNumber: "4000000000000002")
            XCTFail("the declined card must not pay")
        } catch let error as ShopError {
            XCTAssertEqual(error.status, 402)
            XCTAssertEqual(error.message, "payment declined")
        }
        // Nothing was bought, so the cart is kept for another try.
        let current = await store.token
        let token = try XCTUnwrap(current)
        let cart = try await store.api.cart(token: token)
        XCTAssertEqual(cart.items.map(\.productId), ["mug"])
        try await Backend.events?.waitFor("checkout_error", where: ["reason": "payment_declined"])
    }
}
