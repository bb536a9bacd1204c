import DemoShopCore
import TelltaleTesting
import XCTest

/// XCTest, as most app teams' existing suites are. `TelltaleTestCase` brackets each test with
/// Telltale's lifecycle: the backend is reset and set up before it, torn down and the test's
/// analytics checked against Plans/demo.yml after it.
final class LoginTests: TelltaleTestCase {
    override func setUp() async throws {
        try XCTSkipIf(
            Backend.url == nil && !Backend.environment.isUnderTelltale,
            "no backend: run with `telltale run Plans/demo.yml`, or set TELLTALE_TEST_MODE_URL")
    }

    func testLoginSucceeds() async throws {
        let store = try Backend.store()
        try await store.login(email: "alice@example.com", password: "wonderland")
        let name = await store.userName
        XCTAssertEqual(name, "Alice")
        try await Backend.events?.waitFor("login_succeeded", where: ["method": "password"])
    }

    func testLoginFails() async throws {
        let store = try Backend.store()
        do {
            try await store.login(email: "alice@example.com", password: "guess")
            XCTFail("a wrong password must be refused")
        } catch let error as ShopError {
            XCTAssertEqual(error.status, 401)
            XCTAssertEqual(error.message, "invalid email or password")
        }
        let token = await store.token
        XCTAssertNil(token)
        try await Backend.events?.waitFor("login_failed", where: ["reason": "invalid_credentials"])
    }
}
