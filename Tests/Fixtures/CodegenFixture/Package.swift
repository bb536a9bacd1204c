// swift-tools-version: 6.2
// Fixture for CodegenFixtureTests: an app whose events are Swift types generated from its
// tracking plan (Plans/events) at build time by Telltale's TelltaleGenerateSwift plugin, in
// Swift 6 language mode. The plugin's generator reads YAML plans through Yams, so Telltale is
// added with the trait `YAML`, as Docs/Codegen.md says: Yams is the one package it resolves.
import PackageDescription

let package = Package(
    name: "CodegenFixture",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Telltale", path: "../../..", traits: ["YAML"])
    ],
    targets: [
        // Sources/Shop/telltale-codegen.json names the tracking plan.
        .target(
            name: "Shop",
            dependencies: [.product(name: "TelltaleTracker", package: "Telltale")],
            plugins: [.plugin(name: "TelltaleGenerateSwift", package: "Telltale")]
        ),
        // Tests/ShopTests/telltale-codegen.json asks for the typed expectations.
        .testTarget(
            name: "ShopTests",
            dependencies: ["Shop", .product(name: "TelltaleTesting", package: "Telltale")],
            plugins: [.plugin(name: "TelltaleGenerateSwift", package: "Telltale")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
