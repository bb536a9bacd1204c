// swift-tools-version: 6.0
import PackageDescription

// A library chain, Core ← Feature ← App, each with its own test target: the fixture of
// ChangedRunTests, which changes one file at a time and checks which test targets run.
let package = Package(
    name: "ChangedFixture",
    targets: [
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
        .target(name: "App", dependencies: ["Feature"]),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ]
)
