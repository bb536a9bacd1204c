import TelltaleTracker

/// The app core: what the screens call. Every step tracks an analytics event,
/// the way a real app does, so Telltale can check them.
public actor ShopStore {
    public let api: ShopAPI
    public let tracker: Tracker
    public private(set) var token: String?
    public private(set) var userName: String?

    public init(api: ShopAPI, tracker: Tracker = .shared) {
        self.api = api
        self.tracker = tracker
    }

    public func login(email: String, password: String) async throws {
        do {
            let result = try await api.login(email: email, password: password)
            token = result.token
            userName = result.name
            tracker.track("login_succeeded", values: ["method": "password"])
        } catch let error as ShopError {
            tracker.track("login_failed", values: ["reason": error.status == 401 ? "invalid_credentials" : "server"])
            throw error
        }
    }

    public func browse() async throws -> [Product] {
        let products = try await api.products()
        tracker.track("catalog_viewed", values: ["count": products.count])
        return products
    }

    public func add(_ productID: String, quantity: Int = 1) async throws -> Cart {
        let cart = try await api.addToCart(productID: productID, quantity: quantity, token: try requireToken())
        tracker.track("product_added", values: ["product_id": productID, "quantity": quantity])
        return cart
    }

    public func checkout(cardNumber: String) async throws -> Order {
        do {
            let order = try await api.checkout(cardNumber: cardNumber, token: try requireToken())
            tracker.track(
                "purchase_completed",
                values: [
                    "order_id": Int(order.orderId), "currency": "USD", "value": Double(order.totalCents) / 100,
                ])
            return order
        } catch let error as ShopError {
            tracker.track("checkout_error", values: ["reason": error.status == 402 ? "payment_declined" : "server"])
            throw error
        }
    }

    private func requireToken() throws -> String {
        guard let token else { throw ShopError(status: 401, message: "log in first") }
        return token
    }
}
