// swift-tools-version: 6.2
import PackageDescription

// The demo Telltale runs in its own repository: a shop backend with a test mode,
// an app core that calls it and tracks analytics events, and suites that use both.
let package = Package(
    name: "DemoShop",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "demo-backend", targets: ["demo-backend"]),
        .library(name: "DemoShopCore", targets: ["DemoShopCore"]),
    ],
    dependencies: [
        // Named, so the products below resolve whatever folder the repository was cloned into;
        // `traits: []` takes the client libraries alone, as an app does: none of the command's
        // own dependencies is resolved or built for them.
        .package(name: "Telltale", path: "../..", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .executableTarget(name: "demo-backend", dependencies: ["DemoShopBackend"]),
        .target(
            name: "DemoShopBackend",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // What an app links: Foundation, URLSession and the tracker only.
        .target(
            name: "DemoShopCore",
            dependencies: [.product(name: "TelltaleTracker", package: "Telltale")]
        ),
        .testTarget(
            name: "DemoShopTests",
            dependencies: ["DemoShopCore", .product(name: "TelltaleTesting", package: "Telltale")]
        ),
    ]
)
