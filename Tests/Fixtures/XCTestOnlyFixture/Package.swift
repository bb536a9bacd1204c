// swift-tools-version: 5.9
// Fixture for a package whose test binary does not link Swift Testing, as older
// packages' do: listing Swift Testing must find nothing rather than fail.
import PackageDescription

let package = Package(
    name: "XCTestOnlyFixture",
    targets: [
        .testTarget(name: "XCTestOnlyFixtureTests")
    ]
)
