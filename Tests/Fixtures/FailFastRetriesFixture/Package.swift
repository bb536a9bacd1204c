// swift-tools-version: 6.0
import PackageDescription

// The fixture of FailFastRunTests' retry test (`--fail-fast --retries 1`): 28 XCTest tests, 12
// of which always fail, spread through the list, so the first batch of every worker holds one.
let package = Package(
    name: "FailFastRetriesFixture",
    targets: [
        .testTarget(name: "FailFastRetriesTests")
    ]
)
