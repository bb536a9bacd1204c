// swift-tools-version: 6.0
import PackageDescription

// The fixture of VariantsRunTests (a plan suite's `environment` and `variants:`): checkout tests
// in both frameworks that check the variables of the variant they run under, and a catalog test
// outside the suite that must see none of them.
let package = Package(
    name: "VariantsFixture",
    targets: [
        .testTarget(name: "VariantsTests")
    ]
)
