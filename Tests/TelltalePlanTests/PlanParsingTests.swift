import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct PlanParsingTests {
    @Test(.tags(.medium)) func fullPlanParsesEveryKey() throws {
        let file = "Plans/demo-shop.yml"
        let plan = try PlanLoader().parse(yaml: try Fixture.text("fullPlanParsesEveryKey.yml"), file: file)

        let expected = Plan(
            version: 1,
            name: "demo-shop",
            package: "Examples/DemoShop",
            xctestplan: Fixture.path("fullPlanParsesEveryKey.xctestplan"),
            // The plan's own filters, then the .xctestplan's target.
            filter: ["DemoShopTests.CheckoutTests", "DemoShopTests.CatalogTests", #"^DemoShopTests\."#],
            skip: [#"DemoShopTests\.SlowTests/"#],
            // SHARED: the plan wins over the .xctestplan.
            environment: ["API_URL": "http://localhost:8080", "DEBUG": "1", "SHARED": "from-plan", "LOCALE": "en_US"],
            arguments: ["-verbose", "--seed", "42"],
            retries: 2,
            workers: 4,
            timeout: PlanTimeouts(test: .seconds(120), run: .seconds(1800)),
            suites: [
                PlanSuite(
                    name: "checkout", filter: ["DemoShopTests.CheckoutTests"], skip: ["testFlaky"], retries: 1,
                    timeout: PlanTimeouts(test: .seconds(60), run: .seconds(600)), serial: true,
                    environment: ["PAYMENTS": "mock"], arguments: ["--ui-testing"],
                    variants: [
                        PlanVariant(name: "loggedOut", environment: ["ACCOUNT": "guest"]),
                        PlanVariant(name: "loggedIn", environment: ["ACCOUNT": "member"], arguments: ["--saved-card"]),
                    ]
                ),
                PlanSuite(
                    name: "catalog", filter: [#"^DemoShopTests\.CatalogTests/"#],
                    timeout: PlanTimeouts(test: .seconds(90))
                ),
            ],
            reports: PlanReports(dir: "Reports/ci"),
            sourcePath: file
        )
        #expect(plan == expected)
    }

    @Test(.tags(.small)) func minimalPlanGetsEveryDefault() throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\n", file: "Plans/smoke.yml")
        let expected = Plan(
            name: "smoke", package: ".", reports: PlanReports(dir: "Reports"), sourcePath: "Plans/smoke.yml"
        )
        #expect(plan == expected)
        #expect(plan.retries == 0 && plan.workers == nil && plan.suites.isEmpty)
    }

    @Test(.tags(.small)) func singleStringIsAListOfOne() throws {
        let yaml = """
            version: 1
            filter: DemoTests.CartTests
            skip: Slow
            arguments: -verbose
            suites:
              - name: cart
                filter: CartTests
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(plan.filter == ["DemoTests.CartTests"])
        #expect(plan.skip == ["Slow"])
        #expect(plan.arguments == ["-verbose"])
        #expect(plan.suites.first?.filter == ["CartTests"])
    }

    @Test(.tags(.small)) func emptyValuesMeanTheDefault() throws {
        let yaml = """
            version: 1
            name:
            filter:
            environment:
            retries: ~
            workers: null
            suites:
              - name: all
                timeout:
            reports:
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "quiet.yml")
        #expect(plan == Plan(name: "quiet", suites: [PlanSuite(name: "all")], sourcePath: "quiet.yml"))
    }

    @Test(.tags(.small)) func scalarsKeepTheirTextAsStrings() throws {
        let yaml = """
            version: 1
            name: 2024
            environment: { DEBUG: 1, VERBOSE: true, EMPTY: "" }
            suites:
              - name: quiet
                serial: yes
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(plan.name == "2024")
        #expect(plan.environment == ["DEBUG": "1", "VERBOSE": "true", "EMPTY": ""])
        #expect(plan.suites.first?.serial == true)
    }

    @Test(.tags(.small)) func defaultPlanIsNamedAfterThePackageDirectory() {
        let plan = Plan.defaultPlan(package: "Examples/DemoShop")
        #expect(plan == Plan(name: "DemoShop", package: "Examples/DemoShop"))
        #expect(plan.sourcePath == nil)
        #expect(!Plan.defaultPlan(package: ".").name.isEmpty)
        #expect(Plan.defaultPlan(package: ".").name != ".")
    }
}

@Suite(.tags(.small))
struct PlanTagParsingTests {
    @Test func tagsAreReadWithOrWithoutTheirDot() throws {
        let yaml = """
            version: 1
            tags: [.network]
            skipTags: [slow]
            suites:
              - name: fast
                tags: [smoke, .ui]
                skipTags: [.flaky]
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(plan.tags == ["network"])
        #expect(plan.skipTags == ["slow"])
        #expect(plan.suites.first?.tags == ["smoke", "ui"])
        #expect(plan.suites.first?.skipTags == ["flaky"])
    }

    @Test func aTagThatCannotBeATagIsAProblemAtItsLine() {
        expectProblems(
            problems(in: "version: 1\ntags: [\"two words\"]\n"),
            [PlanProblemExpectation(2, 8, "tags[0]", "is not a tag name")])
    }
}
