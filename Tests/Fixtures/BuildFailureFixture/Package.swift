// swift-tools-version: 6.0
// Fixture for exit status 3: the library does not compile.
import PackageDescription

let package = Package(
    name: "BuildFailureFixture",
    targets: [
        .target(name: "BuildFailureFixture"),
        .testTarget(name: "BuildFailureFixtureTests", dependencies: ["BuildFailureFixture"]),
    ]
)
