import Testing

/// The same per-test protocol for Swift Testing, whose tests would otherwise share one process.
@Suite struct SwiftTestingBackendTests {
    @Test func seesItsOwnSetup() async throws {
        let state = try await Backend.call("GET", "/current")
        #expect(state == "test=ServicesRunFixtureTests.SwiftTestingBackendTests/seesItsOwnSetup()")
    }

    @Test func seesItsOwnSetupToo() async throws {
        let state = try await Backend.call("GET", "/current")
        #expect(state == "test=ServicesRunFixtureTests.SwiftTestingBackendTests/seesItsOwnSetupToo()")
    }
}
