// swift-tools-version: 6.0
// Fixture for crash recovery: one test in each framework kills its process;
// the tests after it must still run, in a fresh process.
import PackageDescription

let package = Package(
    name: "CrashingFixture",
    targets: [
        .testTarget(name: "CrashingFixtureTests")
    ]
)
