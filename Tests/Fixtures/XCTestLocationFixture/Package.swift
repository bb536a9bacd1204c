// swift-tools-version: 6.0
// Fixture for XCTestLocationRunTests: XCTest on Linux reports no place for a test, so Telltale
// reads where each is declared from the sources. Here a test inherited from a base class (listed
// under the subclass, declared in the base), tests declared in an extension in another file, and
// a failing test, whose failure keeps its own line.
import PackageDescription

let package = Package(
    name: "XCTestLocationFixture",
    targets: [
        .testTarget(name: "XCTestLocationTests")
    ]
)
