// swift-tools-version: 6.0
import PackageDescription

// The fixture of BaselineComparisonRunTests: a shop whose three tests a branch can break or fix
// by changing one line of Sources/Shop/Shop.swift. On main, `refund` is broken (its test fails);
// the tests commit main, record its run, then run branches against it.
let package = Package(
    name: "BaselineComparisonFixture",
    targets: [
        .target(name: "Shop"),
        .testTarget(name: "ShopTests", dependencies: ["Shop"]),
    ]
)
