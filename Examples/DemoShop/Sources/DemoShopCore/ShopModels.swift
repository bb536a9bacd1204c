public struct Product: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var priceCents: Int
    public var stock: Int
}

public struct LoginResult: Codable, Sendable {
    public var token: String
    public var name: String
}

public struct CartItem: Codable, Sendable, Equatable {
    public var productId: String
    public var name: String
    public var quantity: Int
    public var priceCents: Int
}

public struct Cart: Codable, Sendable, Equatable {
    public var items: [CartItem]
    public var totalCents: Int
}

public struct Order: Codable, Sendable, Equatable {
    public var orderId: Int64
    public var totalCents: Int
}

/// A non-2xx answer from the backend, with its message.
public struct ShopError: Error, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String
    public var description: String { "HTTP \(status): \(message)" }

    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
}
