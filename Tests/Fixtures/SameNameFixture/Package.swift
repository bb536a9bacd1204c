// swift-tools-version: 6.0
// Fixture for SameNameFixtureRunTests: two test targets that declare a suite, an
// XCTest class and a free test function of the same names, so Swift Testing lists
// those tests with a source-location suffix (`Module.Suite/same()/File.swift:L:C`).
// In each pair one fails and the other passes, so a mix-up shows. A third target
// is plain. The expected verdicts are in Tests/TelltaleEndToEndTests/SameNameFixtureRunTests.swift.
import PackageDescription

let package = Package(
    name: "SameNameFixture",
    targets: [
        .target(name: "SameName"),
        .testTarget(name: "AlphaTests", dependencies: ["SameName"]),
        .testTarget(name: "BetaTests", dependencies: ["SameName"]),
        .testTarget(name: "PlainTests", dependencies: ["SameName"]),
    ]
)
