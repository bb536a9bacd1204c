import Foundation
import GRDB
import Hummingbird

/// The shop API the app core calls: catalog, login, cart and checkout.
struct ShopRoutes: Sendable {
    let database: ShopDatabase
    /// A card number the payment provider always declines, as real sandboxes have.
    static let declinedCard = "4000000000000002"

    func register(on router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in "ok" }
        router.get("/products") { _, _ in try await products() }
        router.post("/login") { request, context in
            let login = try await request.decode(as: LoginRequest.self, context: context)
            return try await self.login(login)
        }
        router.get("/cart") { request, _ in try await cart(token: try token(request)) }
        router.post("/cart/items") { request, context in
            let item = try await request.decode(as: AddItemRequest.self, context: context)
            return try await add(item, token: try token(request))
        }
        router.post("/checkout") { request, context in
            let checkout = try await request.decode(as: CheckoutRequest.self, context: context)
            return try await self.checkout(checkout, token: try token(request))
        }
    }

    func products() async throws -> [ProductDTO] {
        try await database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, priceCents, stock FROM product ORDER BY name").map {
                ProductDTO(id: $0["id"], name: $0["name"], priceCents: $0["priceCents"], stock: $0["stock"])
            }
        }
    }

    func login(_ login: LoginRequest) async throws -> LoginResponse {
        try await database.queue.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT name FROM user WHERE email = ? AND password = ?", arguments: [login.email, login.password])
            else {
                throw HTTPError(.unauthorized, message: "invalid email or password")
            }
            let token = UUID().uuidString
            try db.execute(sql: "INSERT INTO session (token, email) VALUES (?, ?)", arguments: [token, login.email])
            return LoginResponse(token: token, name: row["name"])
        }
    }

    func cart(token: String) async throws -> CartDTO {
        try await database.queue.read { db in try Self.cart(db, token: token) }
    }

    func add(_ item: AddItemRequest, token: String) async throws -> CartDTO {
        guard item.quantity > 0 else { throw HTTPError(.badRequest, message: "quantity must be at least 1") }
        return try await database.queue.write { db in
            try Self.requireSession(db, token)
            guard let stock = try Int.fetchOne(db, sql: "SELECT stock FROM product WHERE id = ?", arguments: [item.productId]) else {
                throw HTTPError(.notFound, message: "no product \(item.productId)")
            }
            let inCart =
                try Int.fetchOne(db, sql: "SELECT quantity FROM cartItem WHERE token = ? AND productId = ?", arguments: [token, item.productId]) ?? 0
            guard inCart + item.quantity <= stock else { throw HTTPError(.conflict, message: "only \(stock) left of \(item.productId)") }
            try db.execute(
                sql:
                    "INSERT INTO cartItem (token, productId, quantity) VALUES (?, ?, ?) ON CONFLICT(token, productId) DO UPDATE SET quantity = quantity + excluded.quantity",
                arguments: [token, item.productId, item.quantity]
            )
            return try Self.cart(db, token: token)
        }
    }

    func checkout(_ checkout: CheckoutRequest, token: String) async throws -> OrderDTO {
        try await database.queue.write { db in
            let email = try Self.requireSession(db, token)
            let cart = try Self.cart(db, token: token)
            guard !cart.items.isEmpty else { throw HTTPError(.badRequest, message: "the cart is empty") }
            guard checkout.cardNumber != Self.declinedCard else {
                throw HTTPError(.init(code: 402, reasonPhrase: "Payment Required"), message: "payment declined")
            }
            for item in cart.items {
                try db.execute(sql: "UPDATE product SET stock = stock - ? WHERE id = ?", arguments: [item.quantity, item.productId])
            }
            try db.execute(sql: "INSERT INTO purchase (email, totalCents, status) VALUES (?, ?, 'paid')", arguments: [email, cart.totalCents])
            let orderId = db.lastInsertedRowID
            try db.execute(sql: "DELETE FROM cartItem WHERE token = ?", arguments: [token])
            return OrderDTO(orderId: orderId, totalCents: cart.totalCents)
        }
    }

    @discardableResult
    static func requireSession(_ db: Database, _ token: String) throws -> String {
        guard let email = try String.fetchOne(db, sql: "SELECT email FROM session WHERE token = ?", arguments: [token]) else {
            throw HTTPError(.unauthorized, message: "log in first")
        }
        return email
    }

    static func cart(_ db: Database, token: String) throws -> CartDTO {
        try requireSession(db, token)
        let items = try Row.fetchAll(
            db,
            sql: """
                SELECT cartItem.productId, product.name, cartItem.quantity, product.priceCents
                FROM cartItem JOIN product ON product.id = cartItem.productId WHERE token = ? ORDER BY product.name
                """, arguments: [token]
        ).map {
            CartItemDTO(productId: $0["productId"], name: $0["name"], quantity: $0["quantity"], priceCents: $0["priceCents"])
        }
        return CartDTO(items: items, totalCents: items.reduce(0) { $0 + $1.quantity * $1.priceCents })
    }

    func token(_ request: Request) throws -> String {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw HTTPError(.unauthorized, message: "log in first")
        }
        return String(header.dropFirst("Bearer ".count))
    }
}
