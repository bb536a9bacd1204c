// swift-tools-version: 6.0
// Fixture for coverage (CoverageRunTests): two library targets, tests in both frameworks,
// a line no test runs, a branch taken one way, a Swift Testing exit test, and an XCTest
// test that crashes on its first attempt under Telltale and passes on its retry.
import PackageDescription

let package = Package(
    name: "CoverageFixture",
    targets: [
        .target(name: "Shapes"),
        .target(name: "Pricing", dependencies: ["Shapes"]),
        .testTarget(name: "CoverageFixtureTests", dependencies: ["Shapes", "Pricing"]),
    ]
)
