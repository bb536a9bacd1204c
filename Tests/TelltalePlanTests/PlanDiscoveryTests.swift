import Foundation
import TelltalePlan
import TelltaleTestSupport
import Testing

/// The plan a command uses when none is named: `telltale.yml` (or `.telltale.yml`) beside
/// `Package.swift`; without one, the plans under `Plans/` named in a note.
@Suite(.tags(.small))
struct PlanDiscoveryTests {
    @Test func thePlanBesidePackageSwiftIsFoundAndSaid() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 6.2\n", to: "App/Package.swift")
        try directory.write("version: 1\n", to: "App/.telltale.yml")
        let package = (directory.path as NSString).appendingPathComponent("App")
        #expect(PlanDiscovery.find(package: package).plan == "\(package)/.telltale.yml")

        try directory.write("version: 1\n", to: "App/telltale.yml")
        let found = PlanDiscovery.find(package: package)
        #expect(found.plan == "\(package)/telltale.yml", "telltale.yml first")
        #expect(found.shadowed == "\(package)/.telltale.yml")
        #expect(found.note?.hasPrefix("plan: \(package)/telltale.yml, found beside Package.swift") == true, "\(found.note ?? "")")
        #expect(found.note?.contains(".telltale.yml is not used") == true)
        #expect(PlanDiscovery.find(package: package + "/").plan == "\(package)/telltale.yml")
    }

    /// None beside the package: the plans under `Plans/` (not its tracking plans) are named.
    @Test func withoutOneThePlansUnderPlansAreNamed() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 6.2\n", to: "App/Package.swift")
        let package = (directory.path as NSString).appendingPathComponent("App")
        #expect(PlanDiscovery.find(package: package) == PlanDiscovery(), "no plan, no note")
        #expect(PlanDiscovery.find(package: package).note == nil)

        try directory.write("version: 1\nretries: 1\n", to: "App/Plans/ci.yml")
        try directory.write("version: 1\nevents:\n  signup: {}\n", to: "App/Plans/events.yml")
        try directory.write("version: 1\n", to: "App/Plans/nightly.yaml")
        try directory.write("not: a plan\n", to: "App/Plans/other.yml")
        let found = PlanDiscovery.find(package: package)
        #expect(found.plan == nil)
        #expect(found.candidates == ["\(package)/Plans/ci.yml", "\(package)/Plans/nightly.yaml"])
        #expect(
            found.note
                == "no plan: no telltale.yml or .telltale.yml beside Package.swift, so every test runs with defaults; plans under Plans/: \(package)/Plans/ci.yml, \(package)/Plans/nightly.yaml (name one to use it, e.g. `telltale run \(package)/Plans/ci.yml`)"
        )
    }
}
