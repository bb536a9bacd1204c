import DemoShopCore
import Foundation
import TelltaleTesting

/// The backend these suites test against.
///
/// Under `telltale run Plans/demo.yml` it is the worker's own instance
/// (`TELLTALE_SERVICE_BACKEND_URL`), reset, set up and torn down around each test by
/// Telltale. Run by hand with `swift test`, start `demo-backend --run-mode=test` yourself and
/// set `TELLTALE_TEST_MODE_URL` to it: `TelltaleTestCase` and the `.telltale` trait then make
/// those calls themselves. The suites never do.
enum Backend {
    static let environment = TelltaleTestEnvironment()

    static var url: URL? { environment.serviceURL("backend") ?? environment.testModeURL }

    /// Waits for the analytics events the app sent in this test; nil outside `telltale run`.
    static var events: EventVerifier? { EventVerifier(environment: environment) }

    static func store() throws -> ShopStore {
        guard let url else { throw MissingBackend() }
        return ShopStore(api: ShopAPI(baseURL: url))
    }

    struct MissingBackend: Error, CustomStringConvertible {
        var description: String {
            "no backend: run these tests with `telltale run Plans/demo.yml`, or start "
                + "`demo-backend --run-mode=test` and set TELLTALE_TEST_MODE_URL to its URL"
        }
    }
}
