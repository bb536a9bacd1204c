import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends an analytics event straight to the capture server, as an app's SDK would, with no
/// tag: under the `process` lifecycle Telltale's markers attribute it to this test.
final class AnalyticsTests: XCTestCase {
    func testSendsAPurchase() async throws {
        let environment = ProcessInfo.processInfo.environment
        let capture = try XCTUnwrap(environment["TELLTALE_CAPTURE_URL"], "run with telltale run")
        let session = try XCTUnwrap(environment["TELLTALE_SESSION"])
        var request = URLRequest(url: URL(string: "\(capture)/s/\(session)/events")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"name": "purchase", "params": {"value": 5, "currency": "USD"}}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    }
}
