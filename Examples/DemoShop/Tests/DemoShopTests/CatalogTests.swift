import DemoShopCore
import TelltaleTesting
import Testing

/// Swift Testing, for teams moving to it. `.telltale` brackets each test with the backend's
/// reset, setup and teardown and checks its analytics (see `Backend`); serialized, since its
/// tests share one backend instance when run by hand.
@Suite(.serialized, .telltale, .enabled(if: Backend.url != nil || Backend.environment.isUnderTelltale))
struct CatalogTests {
    @Test func browseShowsTheCatalog() async throws {
        let products = try await Backend.store().browse()
        #expect(products.map(\.id) == ["sticker", "mug", "tee"])
        #expect(products.first { $0.id == "mug" }?.priceCents == 1200)
        try await Backend.events?.waitFor("catalog_viewed")
    }

    @Test func addToCartUpdatesTheTotal() async throws {
        let store = try Backend.store()
        try await store.login(email: "alice@example.com", password: "wonderland")
        _ = try await store.add("mug")
        let cart = try await store.add("sticker", quantity: 3)
        #expect(cart.items.map(\.productId) == ["sticker", "mug"])
        #expect(cart.totalCents == 1200 + 3 * 400)
        try await Backend.events?.waitFor("product_added", count: 2)
    }

    @Test func addingMoreThanTheStockIsRefused() async throws {
        let store = try Backend.store()
        try await store.login(email: "alice@example.com", password: "wonderland")
        // Setup for this test leaves one T-shirt in stock.
        let error = await #expect(throws: ShopError.self) { try await store.add("tee", quantity: 2) }
        #expect(error?.status == 409)
        #expect(error?.message == "only 1 left of tee")
    }
}
