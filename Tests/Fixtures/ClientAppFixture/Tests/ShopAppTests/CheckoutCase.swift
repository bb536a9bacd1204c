import ShopApp
import TelltaleTesting
import XCTest

/// XCTest through `TelltaleTestCase`: the same missing event, read through XCTest's console.
final class CheckoutCase: TelltaleTestCase {
    func testPayingInEurosSendsAEuroPurchase() async throws {
        Checkout().pay(10, currency: "EUR")
        let events = try XCTUnwrap(EventVerifier())
        try await events.waitFor("purchase_completed", where: ["currency": "EUR"], timeout: .seconds(1))
    }

    /// Sends and returns at once: the event is still queued when the test ends (`Plans/process.yml`).
    func testPayingSendsAPurchase() {
        Checkout().pay(5, currency: "USD")
    }
}
