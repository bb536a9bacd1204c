// swift-tools-version: 6.0
import PackageDescription

// The fixture of FlakyCausesRunTests (`--shuffle`, `--repeat`, bisection, flaky causes), in both
// frameworks: a victim three tests after its polluter, a brittle test and its state-setter (state
// left in a static, as real suites leave it in singletons and defaults), a test that fails 3 runs
// in 10, and one that fails only when it is slow. The last two count their runs in the folder
// FLAKY_FIXTURE_COUNTERS names, so their failures fall on the same runs every time.
let package = Package(
    name: "FlakyCausesFixture",
    targets: [
        .testTarget(name: "FlakyCausesTests")
    ]
)
