import TelltaleModel
import TelltalePlan
import TelltaleRunner
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

/// A plan suite's flags and variants applied to the listed tests.
@Suite(.tags(.small))
struct PlanVariantsTests {
    let pay = ListedTest(id: TestID("Shop.Checkout/pay()"), framework: .swiftTesting)
    let browse = ListedTest(id: TestID("Shop.Catalog/browse()"), framework: .swiftTesting)
    let search = ListedTest(id: TestID("Shop.SearchTests/testSearch"), framework: .xctest)

    var plan: Plan {
        var plan = Plan(name: "shop", arguments: ["--verbose"])
        plan.suites = [
            PlanSuite(
                name: "checkout", filter: ["Checkout"], environment: ["REGION": "eu"], arguments: ["--ui"],
                variants: [
                    PlanVariant(name: "loggedOut", environment: ["ACCOUNT": "guest", "REGION": "us"]),
                    PlanVariant(name: "loggedIn", environment: ["ACCOUNT": "member"], arguments: ["--saved-card"]),
                ]),
            PlanSuite(name: "catalog", filter: ["Catalog"], environment: ["CACHE": "off"]),
            PlanSuite(name: "search", filter: ["Search"]),
        ]
        return plan
    }

    var selection: TestSelection {
        TestSelection(groups: plan.suites.map { TestSelection.Group(name: $0.name, filter: $0.filter, skip: $0.skip) })
    }

    @Test func eachTestOfASuiteWithVariantsRunsOncePerVariantWithItsVariables() {
        let (tests, environment) = PlanVariants.expand([pay, browse, search], plan: plan, selection: selection)
        #expect(
            tests.map(\.id.rawValue) == [
                "Shop.Checkout/pay() [loggedOut]", "Shop.Checkout/pay() [loggedIn]", "Shop.Catalog/browse()", "Shop.SearchTests/testSearch",
            ])
        #expect(
            environment[TestID("Shop.Checkout/pay() [loggedOut]")] == [
                "REGION": "us", "ACCOUNT": "guest", "TELLTALE_VARIANT": "loggedOut", "TELLTALE_TEST_ARGUMENTS": "--verbose\n--ui",
            ])
        #expect(
            environment[TestID("Shop.Checkout/pay() [loggedIn]")] == [
                "REGION": "eu", "ACCOUNT": "member", "TELLTALE_VARIANT": "loggedIn", "TELLTALE_TEST_ARGUMENTS": "--verbose\n--ui\n--saved-card",
            ])
        #expect(environment[browse.id] == ["CACHE": "off"])
        #expect(environment[search.id] == nil)
    }

    @Test func aPlanWithoutFlagsLeavesTheListingAsItIs() {
        var plain = plan
        plain.suites = [PlanSuite(name: "all")]
        let (tests, environment) = PlanVariants.expand(
            [pay, browse], plan: plain, selection: TestSelection(groups: [.init(name: "all", filter: [], skip: [])]))
        #expect(tests == [pay, browse])
        #expect(environment.isEmpty)
    }

    /// A selection by the test's own id keeps every variant; one that names a variant keeps it alone.
    @Test func patternsSelectAVariantByItsNameOrAllByTheTests() throws {
        let (tests, _) = PlanVariants.expand([pay], plan: plan, selection: selection)
        #expect(try TestSelection(filter: [#"pay\(\)$"#]).select(tests).count == 2)
        #expect(try TestSelection(filter: [#"\[loggedIn\]"#]).select(tests).map(\.id.variant) == ["loggedIn"])
    }
}
