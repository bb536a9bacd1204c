// swift-tools-version: 6.0
// A service for TelltaleServicesTests: toolchain only (Glibc sockets), so it
// builds in seconds, and flags make it fast, slow, broken or noisy on demand.
import PackageDescription

let package = Package(
    name: "ServiceFixture",
    targets: [
        .executableTarget(name: "service-fixture")
    ],
    // A single-file C-style program with plain globals and threads: Swift 5 mode
    // keeps it short; it is a test prop, not shipped code.
    swiftLanguageModes: [.v5]
)
