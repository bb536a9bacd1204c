import XCTest

/// Each test finds the backend set up for itself alone: reset, then `setup?test=<its id>`.
final class BackendTests: XCTestCase {
    func testSeesItsOwnSetup() async throws {
        let state = try await Backend.call("GET", "/current")
        XCTAssertEqual(state, "test=ServicesRunFixtureTests.BackendTests/testSeesItsOwnSetup")
    }

    func testSeesItsOwnSetupToo() async throws {
        let state = try await Backend.call("GET", "/current")
        XCTAssertEqual(state, "test=ServicesRunFixtureTests.BackendTests/testSeesItsOwnSetupToo")
    }

    /// Passes on its own; the backend's teardown check for it fails.
    func testBreakTeardown() async throws {
        let state = try await Backend.call("GET", "/current")
        XCTAssertEqual(state, "test=ServicesRunFixtureTests.BackendTests/testBreakTeardown")
    }
}
