import Hummingbird

struct ProductDTO: ResponseCodable {
    var id: String
    var name: String
    var priceCents: Int
    var stock: Int
}

struct LoginRequest: Decodable {
    var email: String
    var password: String
}

struct LoginResponse: ResponseCodable {
    var token: String
    var name: String
}

struct AddItemRequest: Decodable {
    var productId: String
    var quantity: Int
}

struct CartItemDTO: ResponseCodable {
    var productId: String
    var name: String
    var quantity: Int
    var priceCents: Int
}

struct CartDTO: ResponseCodable {
    var items: [CartItemDTO]
    var totalCents: Int
}

struct CheckoutRequest: Decodable {
    var cardNumber: String
}

struct OrderDTO: ResponseCodable {
    var orderId: Int64
    var totalCents: Int
}
