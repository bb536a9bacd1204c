import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a queue build's record is judged on besides pass and fail: an event the plan expects,
/// sent straight to the capture server as an app's SDK would (Telltale's markers attribute it),
/// and, with `QUEUE_FIXTURE_RECORD` set, a failure the plan quarantines. Without the variable
/// (every other test of the fixture) each passes and sends nothing.
final class BuildRecordCases: XCTestCase {
    func testSendsAPurchase() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["QUEUE_FIXTURE_RECORD"] != nil else { return }
        let capture = try XCTUnwrap(environment["TELLTALE_CAPTURE_URL"], "run with telltale run")
        let session = try XCTUnwrap(environment["TELLTALE_SESSION"])
        var request = URLRequest(url: URL(string: "\(capture)/s/\(session)/events")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"name": "purchase", "params": {"value": 5, "currency": "USD"}}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    }

    func testFailsKnownly() {
        guard ProcessInfo.processInfo.environment["QUEUE_FIXTURE_RECORD"] != nil else { return }
        XCTFail("a known failure the plan quarantines")
    }

    func testSendsNothing() {}
}
