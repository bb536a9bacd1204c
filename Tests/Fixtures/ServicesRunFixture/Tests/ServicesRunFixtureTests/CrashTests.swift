import XCTest

/// The first test crashes the backend under itself; the second needs it back.
final class CrashTests: XCTestCase {
    func testACrashesTheBackend() async throws {
        _ = try await Backend.call("POST", "/crash")
    }

    func testBRunsAfterTheCrash() async throws {
        let state = try await Backend.call("GET", "/current")
        XCTAssertEqual(state, "test=ServicesRunFixtureTests.CrashTests/testBRunsAfterTheCrash")
    }
}
