// swift-tools-version: 6.0
// Fixture for workers, retries and timeouts: tests that sleep (and say which
// worker ran them, and when), tests that fail only the first time, and tests
// that hang. BenchmarkSleepCases is for Scripts/benchmark-workers.sh only.
import PackageDescription

let package = Package(
    name: "SchedulingFixture",
    targets: [
        .testTarget(name: "SchedulingFixtureTests")
    ]
)
