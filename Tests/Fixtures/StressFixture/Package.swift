// swift-tools-version: 6.0
import PackageDescription

// The fixture of StressRunTests (`telltale run --stress-new`): a settled XCTest test, and two
// Swift Testing tests that arrive together, one stable and one that fails every third run.
let package = Package(
    name: "StressFixture",
    targets: [
        .testTarget(name: "StressTests")
    ]
)
