// swift-tools-version: 5.9
// Fixture for GluedStatusRunTests: XCTest tests whose own output could bend their verdict,
// text without a final newline just before XCTest's status line, and lines shaped like
// XCTest's status for other tests.
import PackageDescription

let package = Package(
    name: "GluedStatusFixture",
    targets: [
        .testTarget(name: "GluedStatusFixtureTests")
    ]
)
