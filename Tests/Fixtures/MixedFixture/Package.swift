// swift-tools-version: 6.0
// Fixture for the runner's end-to-end tests: every outcome both test
// frameworks can produce, in one package. The expected results are spelled
// out in Tests/TelltaleRunnerTests/MixedFixtureExpectations.swift.
import PackageDescription

let package = Package(
    name: "MixedFixture",
    targets: [
        .target(name: "MixedFixture"),
        .testTarget(name: "MixedFixtureTests", dependencies: ["MixedFixture"]),
    ]
)
