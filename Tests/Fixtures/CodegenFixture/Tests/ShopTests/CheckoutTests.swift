import Shop
import TelltaleTesting
import Testing

/// Typed expectations (generated from the same tracking plan) for the typed events.
@Suite(.telltale)
struct CheckoutTests {
    @Test func payingSendsTheOrder() async throws {
        Checkout().pay(orderID: 7, total: 12.5, items: [(sku: "sku-1", quantity: 2)])
        let events = try EventVerifier.fromEnvironment()
        try await events.expect(.orderCompleted(orderId: .equals(7), currency: .equals(.usd), total: .any))
        try await events.expect(.orderCompleted(items: .equals([OrderCompleted.Items(sku: "sku-1", quantity: 2)])))
        try await events.expectNone(.orderCompleted(currency: .equals(.eur)))
    }

    @Test func viewingTheCartSendsItsSize() async throws {
        Checkout().viewCart(itemCount: 3)
        let events = try EventVerifier.fromEnvironment()
        try await events.expect(.cartViewed(itemCount: .equals(3)))
    }
}
