// swift-tools-version: 6.2
import PackageDescription

// The demo's app, as a team's app repository holds it: an app core that calls the shop's backend
// and tracks analytics events, and suites that use both. The backend the suites run against,
// `demo-backend`, is Telltale's own example target (Examples/DemoBackend), which Plans/demo.yml
// builds and boots.
let package = Package(
    name: "DemoShop",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DemoShopCore", targets: ["DemoShopCore"])
    ],
    dependencies: [
        // Named, so the products below resolve whatever folder the repository was cloned into;
        // `traits: []` takes the client libraries alone, as an app does: none of the command's
        // own dependencies is resolved or built for them.
        .package(name: "Telltale", path: "../..", traits: [])
    ],
    targets: [
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
