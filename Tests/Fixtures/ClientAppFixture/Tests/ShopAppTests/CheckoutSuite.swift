import ShopApp
import TelltaleTesting
import Testing

/// Swift Testing under the `.telltale` trait: one test waits for an event the app never sends
/// (its message must read well), one breaks the plan's expectation for it.
@Suite(.telltale)
struct CheckoutSuite {
    @Test func payingInYenSendsAYenPurchase() async throws {
        Checkout().pay(10, currency: "JPY")
        let events = try #require(EventVerifier(), "run under telltale run")
        try await events.waitFor("purchase_completed", where: ["currency": "JPY"], timeout: .seconds(1))
    }

    /// The plan expects `value: 20` of this test; the app sends 12.
    @Test func payingSendsTheAmount() {
        Checkout().pay(12, currency: "USD")
    }
}
