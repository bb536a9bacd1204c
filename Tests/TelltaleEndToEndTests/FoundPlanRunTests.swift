import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// A plan beside `Package.swift` is used when none is named (`Tests/Fixtures/FoundPlanFixture`,
/// whose `telltale.yml` expects an event `testCheckout` never sends), and a plan whose own
/// selection keeps no test is a problem located in the plan.
@Suite(.tags(.large), .serialized)
struct FoundPlanRunTests {
    static let fixture = "\(TelltaleProcess.repositoryRoot)/Tests/Fixtures/FoundPlanFixture"

    @Test func runWithNoPlanUsesTheOneBesidePackageSwiftAndSaysSo() async throws {
        try await FixtureRuns.shared.build(fixture: "FoundPlanFixture")
        let reports = try TelltaleProcess.temporaryDirectory("FoundPlanRunTests")
        let result = try await TelltaleProcess.run(["run", "--skip-build", "--report-dir", reports], in: Self.fixture)
        #expect(result.status == 1, "the plan's expectation fails the run: \(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n").first == "plan: telltale.yml, found beside Package.swift (name another plan to use it instead)",
            "\(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(record.plan.path == "telltale.yml", "\(record.plan)")
        let checkout = try #require(record.tests.first { $0.id.rawValue == "FoundPlanTests.CheckoutTests/testCheckout" })
        #expect(checkout.outcome == .failed)
        #expect(checkout.messages.contains { $0.text.contains("checkout_completed") }, "\(checkout.messages)")
        #expect(record.tests.first { $0.id.rawValue == "FoundPlanTests.CheckoutTests/testBrowse" }?.outcome == .passed)

        // From elsewhere, by --package; and `plan validate` with no argument checks the same file.
        let byPackage = try await TelltaleProcess.run(["run", "--package", Self.fixture, "--skip-build", "--report-dir", reports + "/again"])
        #expect(byPackage.status == 1)
        #expect(byPackage.stderr.hasPrefix("plan: \(Self.fixture)/telltale.yml, found beside Package.swift"), "\(byPackage.stderr)")
        let validate = try await TelltaleProcess.run(["plan", "validate"], in: Self.fixture)
        #expect(validate.status == 0 && validate.stdout.hasPrefix("telltale.yml: ok"), "\(validate.stdout)\(validate.stderr)")
    }

    /// A suite whose filter keeps none of the listed tests: exit 2 at the filter's place in the
    /// plan, with the id it is near, as `plan validate`'s problems are said.
    @Test func aPlanSelectingNoTestIsAProblemAtItsKey() async throws {
        try await FixtureRuns.shared.build(fixture: "FoundPlanFixture")
        let folder = try TelltaleProcess.temporaryDirectory("FoundPlanRunTests")
        let plan = "\(folder)/plan.yml"
        try """
        version: 1
        package: \(Self.fixture)
        suites:
          - name: checkout
            filter: [FoundPlanTests.CheckoutTest/testCheckout]

        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.run(["run", plan, "--skip-build", "--report-dir", "\(folder)/Reports"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(plan):5:13: error: suites[0].filter: selects none of the package's 2 tests\n"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "hint: `FoundPlanTests.CheckoutTest/testCheckout` is near `FoundPlanTests.CheckoutTests/testCheckout`"),
            "\(result.stderr)")
    }
}
