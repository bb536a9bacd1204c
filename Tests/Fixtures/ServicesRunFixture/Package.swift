// swift-tools-version: 6.0
// Suites for ServicesRunTests: each test talks to the backend `telltale run`
// started for its worker (Tests/Fixtures/ServiceFixture), through
// TELLTALE_SERVICE_BACKEND_URL. Toolchain only, so it builds in seconds.
import PackageDescription

let package = Package(
    name: "ServicesRunFixture",
    targets: [
        .testTarget(name: "ServicesRunFixtureTests")
    ]
)
