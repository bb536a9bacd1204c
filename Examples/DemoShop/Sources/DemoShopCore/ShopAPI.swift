import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's HTTP client for the shop backend.
public struct ShopAPI: Sendable {
    public var baseURL: URL
    public var session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func products() async throws -> [Product] {
        try await send("GET", "/products", token: nil, body: Optional<Empty>.none)
    }

    public func login(email: String, password: String) async throws -> LoginResult {
        try await send("POST", "/login", token: nil, body: ["email": email, "password": password])
    }

    public func cart(token: String) async throws -> Cart {
        try await send("GET", "/cart", token: token, body: Optional<Empty>.none)
    }

    public func addToCart(productID: String, quantity: Int, token: String) async throws -> Cart {
        try await send("POST", "/cart/items", token: token, body: AddItem(productId: productID, quantity: quantity))
    }

    public func checkout(cardNumber: String, token: String) async throws -> Order {
        try await send("POST", "/checkout", token: token, body: ["cardNumber": cardNumber])
    }

    private struct Empty: Encodable {}
    private struct AddItem: Encodable {
        var productId: String
        var quantity: Int
    }
    /// Hummingbird's error body: `{"error": {"message": "..."}}`.
    private struct ErrorBody: Decodable {
        struct Detail: Decodable { var message: String }
        var error: Detail
    }

    private func send<Body: Encodable, Answer: Decodable>(_ method: String, _ path: String, token: String?, body: Body?) async throws -> Answer {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.error.message ?? String(decoding: data, as: UTF8.self)
            throw ShopError(status: status, message: message)
        }
        return try JSONDecoder().decode(Answer.self, from: data)
    }
}
