import DemoShopCore
import Foundation
import TelltaleTesting
import TelltaleTracker

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The backend these suites test against, from `TELLTALE_SERVICE_BACKEND_URL`.
///
/// Under `telltale run` the orchestrator calls `/tests/reset` and
/// `/tests/setup?test=ID` before each test and `/tests/teardown?test=ID` after
/// it, so the tests do not. Run by hand against a backend you started (see the
/// README), set `DEMOSHOP_SELF_RESET=1` and each test does those calls itself.
enum Backend {
    static let environment = TelltaleTestEnvironment()

    static var url: URL? { environment.serviceURL("backend") }

    /// Waits for the analytics events the app sent in this test; nil outside `telltale run`.
    static var events: EventVerifier? { EventVerifier(environment: environment) }

    static var resetsItself: Bool { ProcessInfo.processInfo.environment["DEMOSHOP_SELF_RESET"] == "1" }

    static func store() throws -> ShopStore {
        guard let url else { throw MissingBackend() }
        return ShopStore(api: ShopAPI(baseURL: url))
    }

    /// Before a test: reset and load its data, unless the orchestrator does.
    static func begin(test: String) async throws {
        guard resetsItself else { return }
        try await post("/tests/reset")
        try await post("/tests/setup", test: test)
    }

    /// After a test: the backend's own checks, unless the orchestrator runs them.
    static func end(test: String) async throws {
        guard resetsItself else { return }
        try await post("/tests/teardown", test: test)
    }

    static func post(_ path: String, test: String? = nil) async throws {
        guard let url else { throw MissingBackend() }
        var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if let test { components.queryItems = [URLQueryItem(name: "test", value: test)] }
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw ShopError(status: status, message: String(decoding: data, as: UTF8.self))
        }
    }

    struct MissingBackend: Error, CustomStringConvertible {
        var description: String {
            "TELLTALE_SERVICE_BACKEND_URL is not set: run these tests with `telltale run Plans/demo.yml`, "
                + "or start demo-backend --run-mode=test and export it (with DEMOSHOP_SELF_RESET=1)"
        }
    }
}
