import Foundation
import GRDB
import Hummingbird

/// `--run-mode=test` only: the protocol Telltale drives around every test.
///
/// - `POST /tests/reset` wipes the database and loads the seed data; it refuses
///   unless the database file is named `*_test`, so it can never wipe real data.
/// - `POST /tests/setup?test=ID` loads the data that test needs.
/// - `POST /tests/teardown?test=ID` runs that test's server-side checks; a
///   failed check answers 422 with a message the test report shows as is.
struct TestModeRoutes: Sendable {
    let database: ShopDatabase
    let configuration: BackendConfiguration

    func register(on router: Router<BasicRequestContext>) {
        router.post("/tests/reset") { _, _ in try await reset() }
        router.post("/tests/setup") { request, _ in try await setup(test: try testName(request)) }
        router.post("/tests/teardown") { request, _ in try await teardown(test: try testName(request)) }
    }

    func reset() async throws -> Response {
        guard configuration.databaseIsForTests else {
            return Self.text(.forbidden, "refusing to reset \(configuration.databasePath): its name does not end in _test")
        }
        try database.reset()
        return Self.text(.ok, "reset")
    }

    /// Per-test data, keyed by the test's function name: tests elsewhere in the suite see only the seed.
    func setup(test: String) async throws -> Response {
        try await database.queue.write { db in
            switch Self.functionName(test) {
            case "testCheckoutSucceeds", "checkoutTotalsTheCart":
                // A card on file for alice is what the payment sandbox needs; the demo just adds stock.
                try db.execute(sql: "UPDATE product SET stock = 5 WHERE id = 'tee'")
            case "testAddingMoreThanTheStockIsRefused", "addingMoreThanTheStockIsRefused":
                try db.execute(sql: "UPDATE product SET stock = 1 WHERE id = 'tee'")
            default:
                break
            }
        }
        return Self.text(.ok, "set up \(test)")
    }

    /// Server-side checks: what the database must hold after the test.
    func teardown(test: String) async throws -> Response {
        let name = Self.functionName(test)
        let paid = try await database.queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM purchase WHERE status = 'paid'") ?? 0
        }
        var expectedPaid: Int? =
            switch name {
            case "testCheckoutSucceeds", "checkoutTotalsTheCart": 1
            case "testPaymentDeclined", "testLoginFails", "testLoginSucceeds", "browseShowsTheCatalog",
                "addToCartUpdatesTheTotal", "testAddingMoreThanTheStockIsRefused", "addingMoreThanTheStockIsRefused":
                0
            default: nil
            }
        if let broken = configuration.brokenTeardown, name == broken || test == broken {
            // Deliberately impossible, to show how a failed server-side check reads in a report.
            expectedPaid = (expectedPaid ?? 0) + 1
        }
        if let expectedPaid, paid != expectedPaid {
            return Self.text(.unprocessableContent, "teardown check failed for \(test): expected \(expectedPaid) paid order(s), found \(paid)")
        }
        return Self.text(.ok, "checked \(test)")
    }

    func testName(_ request: Request) throws -> String {
        guard let test = request.uri.queryParameters.get("test"), !test.isEmpty else {
            throw HTTPError(.badRequest, message: "missing ?test=ID")
        }
        return test
    }

    /// `DemoShopTests.CheckoutTests/testCheckoutSucceeds` and `.../checkoutTotalsTheCart()` → the function's name.
    static func functionName(_ test: String) -> String {
        let last = test.split(separator: "/").last.map(String.init) ?? test
        return String(last.prefix { $0 != "(" })
    }

    static func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }
}
