// swift-tools-version: 6.0
import PackageDescription

// The fixture of ClassOrderRunTests: XCTest classes whose tests depend on their order, as real
// suites' do. `swift test` runs each class in one process, in its order (Xcode's parallel testing
// hands out whole classes too), so a state-setter primes its brittle test and a polluter breaks
// its victim; a run that split a class would give other verdicts. Bystander classes give a run
// enough units to spread over workers; a Swift Testing suite does the same within a suite.
let package = Package(
    name: "ClassOrderFixture",
    targets: [
        .testTarget(name: "ClassOrderTests")
    ]
)
