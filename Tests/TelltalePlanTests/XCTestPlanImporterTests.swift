import Foundation
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct XCTestPlanImporterTests {
    /// Shared by the tests below: three targets (plain, with selected tests, disabled),
    /// environment and argument entries (one of each disabled), and retries.
    let xctestplan = Fixture.path("importsEnvironmentArgumentsAndRetries.xctestplan")

    private func load(_ extra: String = "") throws -> Plan {
        try PlanLoader().parse(yaml: "version: 1\nxctestplan: '\(xctestplan)'\n\(extra)", file: "plan.yml")
    }

    @Test(.tags(.medium)) func importsEnvironmentArgumentsAndRetries() throws {
        let plan = try load("environment: { SHARED: from-plan }\narguments: [-plan]\n")
        // The plan's own SHARED wins; the disabled OFF entry is left out.
        #expect(plan.environment == ["API": "https://staging.example", "SHARED": "from-plan"])
        #expect(plan.arguments == ["-plan", "-verbose", "--seed=7"])
        // retryOnFailure with 3 repetitions: the first try and two retries.
        #expect(plan.retries == 2)
    }

    @Test(.tags(.medium)) func planRetriesWinOverTheXCTestPlan() throws {
        #expect(try load("retries: 0\n").retries == 0)
        #expect(try load("retries: 5\n").retries == 5)

        var unset = Plan(name: "p")
        try XCTestPlanImporter.importPlan(at: xctestplan, into: &unset)
        #expect(unset.retries == 2)
        var set = Plan(name: "p", retries: 1)
        try XCTestPlanImporter.importPlan(at: xctestplan, into: &set)
        #expect(set.retries == 1)
    }

    @Test(.tags(.medium)) func selectsEnabledTargetsAndSkipsSkippedTests() throws {
        let plan = try load()
        #expect(
            plan.filter == [
                #"^DemoTests\."#,
                #"^CheckoutTests\.CartTests/testTotal(\(\))?$"#,
                #"^CheckoutTests\.PriceSuite/rounds\(value:\)$"#,
                #"^CheckoutTests\.Receipts/"#,
                #"^CheckoutTests\.EdgeCases/`1\+1 is 2`(\(\))?$"#,
            ])
        #expect(plan.skip == [#"^DemoTests\.FooTests/testBar(\(\))?$"#, #"^DemoTests\.SlowTests/"#])
    }

    @Test(
        .tags(.medium),
        arguments: [
            // Whole target, but not a module whose name merely starts the same.
            ("DemoTests.CartTests/testAdd", true),
            ("DemoTests.Suite/works()", true),
            ("DemoTestsExtra.CartTests/testAdd", false),
            ("DemoTestsXCartTests/testAdd", false),
            // Skipped: the XCTest and the Swift Testing spelling, nothing longer.
            ("DemoTests.FooTests/testBar", false),
            ("DemoTests.FooTests/testBar()", false),
            ("DemoTests.FooTests/testBarBaz", true),
            ("DemoTests.FooTests/testBar2()", true),
            ("DemoTests.SlowTests/testA", false),
            ("DemoTests.SlowTests/Nested/deep()", false),
            ("DemoTests.SlowTestsToo/testA", true),
            // Selected tests of a target with selectedTests, and nothing else from it.
            ("CheckoutTests.CartTests/testTotal", true),
            ("CheckoutTests.CartTests/testTotal()", true),
            ("CheckoutTests.CartTests/testTotalTax", false),
            ("CheckoutTests.CartTests/testAdd", false),
            ("CheckoutTests.PriceSuite/rounds(value:)", true),
            ("CheckoutTests.PriceSuite/rounds()", false),
            ("CheckoutTests.PriceSuite/roundsXvalue:)", false),
            ("CheckoutTests.Receipts/testPrint", true),
            ("CheckoutTests.Receipts/Inner/prints()", true),
            ("CheckoutTests.ReceiptsArchive/testPrint", false),
            ("CheckoutTests.EdgeCases/`1+1 is 2`()", true),
            ("CheckoutTests.EdgeCases/`11 is 2`()", false),
            // A disabled target is not selected.
            ("OffTests.LegacyTests/testOld", false),
            ("OffTests.Other/testNew", false),
        ])
    func importedRegexesSelectExactlyTheIntendedTests(id: String, runs: Bool) throws {
        let plan = try load()
        let filters = try plan.filter.map { try Regex($0) }
        let skips = try plan.skip.map { try Regex($0) }
        let selected = filters.contains { id.contains($0) } && !skips.contains { id.contains($0) }
        #expect(selected == runs)
    }

    @Test(.tags(.medium)) func planFiltersAreKeptAndReimportingChangesNothing() throws {
        let plan = try load("filter: Extra\nskip: [Flaky]\n")
        #expect(plan.filter.first == "Extra")
        #expect(plan.filter.count == 6)
        #expect(plan.skip == ["Flaky", #"^DemoTests\.FooTests/testBar(\(\))?$"#, #"^DemoTests\.SlowTests/"#])

        var again = plan
        try XCTestPlanImporter.importPlan(at: xctestplan, into: &again)
        #expect(again == plan)
    }

    @Test(.tags(.medium)) func missingXCTestPlanPointsAtThePlanLine() {
        let found = problems(in: "version: 1\nname: x\nxctestplan: Missing/Demo.xctestplan\nretries: many\n")
        expectProblems(
            found,
            [
                .init(3, 13, "xctestplan", "cannot find the .xctestplan 'Missing/Demo.xctestplan'"),
                .init(4, 10, "retries", "expected a whole number"),
            ])
        #expect(found.first?.hint?.contains("relative to the working directory") == true)
    }

    @Test(.tags(.medium)) func invalidXCTestPlanPointsAtThePlanLine() {
        let path = Fixture.path("invalidXCTestPlanPointsAtThePlanLine.xctestplan")
        let found = problems(in: "version: 1\nxctestplan: '\(path)'\n")
        expectProblems(found, [.init(2, 13, "xctestplan", "'\(path)' is not a valid .xctestplan: not JSON")])
    }

    @Test(.tags(.medium)) func xctestplanWithWrongShapeNamesTheField() {
        let path = Fixture.path("xctestplanWithWrongShapeNamesTheField.xctestplan")
        let found = problems(in: "version: 1\nxctestplan: \(path)\n")
        expectProblems(found, [.init(2, 13, "xctestplan", "`testTargets[0].target.name` is missing")])
    }

    @Test(.tags(.medium)) func xctestplanWithNoEnabledTargetSelectsNothing() {
        let path = Fixture.path("xctestplanWithNoEnabledTargetSelectsNothing.xctestplan")
        let found = problems(in: "version: 1\nxctestplan: \(path)\n")
        expectProblems(found, [.init(2, 13, "xctestplan", "has no enabled test target")])
    }

    @Test(.tags(.medium)) func importerAloneReportsAtTheXCTestPlanFile() {
        var plan = Plan(name: "p")
        #expect {
            try XCTestPlanImporter.importPlan(at: "Missing.xctestplan", into: &plan)
        } throws: { error in
            let problems = (error as? PlanError)?.problems ?? []
            return problems.map(\.location) == ["1:1 "] && problems.first?.file == "Missing.xctestplan"
        }
        #expect(plan == Plan(name: "p"))
    }
}
