// swift-tools-version: 6.0
// Fixture for queue mode (telltale run --queue): machines sharing one build's tests.
// WaitCases: 60 tests that each wait QUEUE_FIXTURE_SECONDS (default 0.5 s) times
// QUEUE_FIXTURE_SLOWDOWN (default 1: a slow machine sets 3); FirstRunFailsCases: a test that
// fails the first time it runs in a build (a marker file in QUEUE_FIXTURE_MARKER) and passes after.
import PackageDescription

let package = Package(
    name: "QueueModeFixture",
    targets: [
        .testTarget(name: "QueueModeFixtureTests")
    ]
)
