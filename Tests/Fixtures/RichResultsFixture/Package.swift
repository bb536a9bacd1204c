// swift-tools-version: 6.2
// Fixture for RichResultsTests: everything Swift Testing can say beyond pass or
// fail (attachments, parameterized cases, warnings, known issues, tags, bugs,
// display names, cancellation and a time limit), plus an XCTest case for parity.
import PackageDescription

let package = Package(
    name: "RichResultsFixture",
    targets: [
        .testTarget(name: "RichResultsFixtureTests")
    ]
)
