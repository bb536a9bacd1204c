// swift-tools-version: 6.0
import PackageDescription

// The fixture of TestLevelSelectionRunTests: one library whose functions different tests call,
// tests in both frameworks, so a change inside one function selects exactly the tests that
// executed it once a coverage map is recorded.
let package = Package(
    name: "TestLevelSelectionFixture",
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
