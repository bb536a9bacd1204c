// swift-tools-version: 6.1
// Fixture for ClientAppRunTests: an app package as a team writes it, outside Telltale's own
// package, that links only the client libraries. `traits: []` turns off Telltale's default
// trait, so the tool's dependencies (NIO, Hummingbird, GRDB, …) are neither resolved nor built.
import PackageDescription

let package = Package(
    name: "ClientAppFixture",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Telltale", path: "../../..", traits: [])
    ],
    targets: [
        .target(name: "ShopApp", dependencies: [.product(name: "TelltaleTracker", package: "Telltale")]),
        .testTarget(
            name: "ShopAppTests",
            dependencies: ["ShopApp", .product(name: "TelltaleTesting", package: "Telltale")]
        ),
    ]
)
