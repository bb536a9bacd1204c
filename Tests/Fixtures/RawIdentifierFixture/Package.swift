// swift-tools-version: 6.2
// Fixture for RawIdentifierRunTests: Swift Testing tests named with raw identifiers (SE-0451,
// Swift 6.2), with spaces, a quote, `@`, parentheses, a dot and a slash in their names, one
// parameterized and one failing, beside a plain test. `swift test list` lists them with their
// backticks; every one must be run, reported, selected and recorded like any other.
import PackageDescription

let package = Package(
    name: "RawIdentifierFixture",
    targets: [
        .testTarget(name: "RawIdentifierTests")
    ]
)
