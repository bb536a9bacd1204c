import Foundation
import GRDB

/// The shop's SQLite database: schema, seed data and the queries the routes need.
public struct ShopDatabase: Sendable {
    public let queue: DatabaseQueue

    public init(path: String) throws {
        queue = try DatabaseQueue(path: path)
        try Self.migrator.migrate(queue)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "product") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("priceCents", .integer).notNull()
                t.column("stock", .integer).notNull()
            }
            try db.create(table: "user") { t in
                t.primaryKey("email", .text)
                t.column("password", .text).notNull()
                t.column("name", .text).notNull()
            }
            try db.create(table: "session") { t in
                t.primaryKey("token", .text)
                t.column("email", .text).notNull().references("user", onDelete: .cascade)
            }
            try db.create(table: "cartItem") { t in
                t.column("token", .text).notNull().references("session", onDelete: .cascade)
                t.column("productId", .text).notNull().references("product")
                t.column("quantity", .integer).notNull()
                t.primaryKey(["token", "productId"])
            }
            try db.create(table: "purchase") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).notNull()
                t.column("totalCents", .integer).notNull()
                t.column("status", .text).notNull()
            }
        }
        return migrator
    }

    /// Empties every table and loads the catalog and the demo users: the state every test starts from.
    public func reset() throws {
        try queue.write { db in
            for table in ["cartItem", "session", "purchase", "user", "product"] {
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
            }
            try Self.seed(db)
        }
    }

    static func seed(_ db: Database) throws {
        let products: [(String, String, Int, Int)] = [
            ("mug", "Telltale Mug", 1200, 50), ("tee", "Telltale T-Shirt", 2500, 20), ("sticker", "Sticker Pack", 400, 500),
        ]
        for (id, name, price, stock) in products {
            try db.execute(sql: "INSERT INTO product (id, name, priceCents, stock) VALUES (?, ?, ?, ?)", arguments: [id, name, price, stock])
        }
        try db.execute(sql: "INSERT INTO user (email, password, name) VALUES (?, ?, ?)", arguments: ["alice@example.com", "wonderland", "Alice"])
    }

    /// Seeds the catalog on first start, so the backend is usable outside tests too.
    public func seedIfEmpty() throws {
        try queue.write { db in
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM product") == 0 { try Self.seed(db) }
        }
    }
}
