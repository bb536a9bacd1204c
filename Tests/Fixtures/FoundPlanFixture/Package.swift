// swift-tools-version: 6.0
import PackageDescription

// The fixture of FoundPlanRunTests: `telltale run` with no plan named finds telltale.yml beside
// this file and applies its expectations, one of which no test meets.
let package = Package(
    name: "FoundPlanFixture",
    targets: [
        .testTarget(name: "FoundPlanTests")
    ]
)
