import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct PlanPrinterTests {
    @Test(.tags(.medium)) func printerWritesNormalisedYAML() throws {
        let plan = Plan(
            name: "demo-shop",
            package: "Examples/DemoShop",
            xctestplan: "Demo.xctestplan",
            filter: [#"^DemoShopTests\.Checkout"#, "DemoShopTests.CatalogTests"],
            environment: ["B_KEY": "two words", "A_KEY": "yes"],
            arguments: ["-verbose", "--name=it's"],
            retries: 1,
            suites: [
                PlanSuite(
                    name: "checkout", filter: ["CheckoutTests"], retries: 2,
                    timeout: PlanTimeouts(test: .milliseconds(1500), run: .seconds(600)), serial: true,
                    environment: ["PAYMENTS": "mock"],
                    variants: [
                        PlanVariant(name: "loggedOut"),
                        PlanVariant(name: "loggedIn", environment: ["ACCOUNT": "member"], arguments: ["--saved-card"]),
                    ]
                ),
                PlanSuite(name: "all"),
            ],
            capture: PlanCapture(catalog: "Plans/demo-events.yml"),
            expectations: [
                TestExpectations(
                    .id("DemoShopTests.CheckoutTests/testPurchase"),
                    events: [
                        EventExpectation(EventSpec(name: "checkout_started")),
                        EventExpectation(
                            EventSpec(
                                name: "purchase_completed",
                                params: [
                                    ParamField("currency", .equals("USD")),
                                    ParamField("quantity", .all([.type([.integer]), .range(NumberRange(gte: 1, lte: 10))])),
                                    ParamField("order_id", .placeholder(.uuid)),
                                    ParamField(ParamPath([.key("items"), .index(0), .key("sku")]), .regex("^SKU-")),
                                    ParamField("address", .fields([ParamField("city", .equals("Paris"))])),
                                ]), count: .exactly(1)),
                    ],
                    forbid: [EventSpec(name: "checkout_error")],
                    order: OrderExpectation([EventSpec(name: "checkout_started"), EventSpec(name: "purchase_completed")], gaps: false),
                    strict: true
                ),
                TestExpectations(.pattern(#"^DemoShopTests\.Browse"#), forbid: [EventSpec(name: "app_crash")]),
            ]
        )
        let golden = try Fixture.text("printerWritesNormalisedYAML.yml")
        let printed = PlanPrinter.yaml(plan)
        // Line by line first, so a failure shows which lines differ.
        #expect(printed.split(separator: "\n") == golden.split(separator: "\n"))
        #expect(printed == golden)
    }

    @Test(.tags(.medium)) func printedFullPlanParsesBackEqual() throws {
        // Includes an imported .xctestplan: importing it again must change nothing.
        let file = "Plans/demo-shop.yml"
        let plan = try PlanLoader().parse(yaml: try Fixture.text("fullPlanParsesEveryKey.yml"), file: file)
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: file) == plan)
    }

    @Test(.tags(.small)) func printedDefaultPlanParsesBackEqual() throws {
        var plan = Plan.defaultPlan(package: "Examples/DemoShop")
        plan.sourcePath = "printed.yml"
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "printed.yml") == plan)
    }

    @Test(.tags(.small)) func awkwardStringsSurviveTheRoundTrip() throws {
        let awkward = [
            "null", "~", "true", "no", "123", "1.5", "0x1F", "2024-01-01", "", " leading", "trailing ",
            "a: b", "a #b", "#hash", "- x", "-", "--", "[x]", "{y}", "*star", "&anchor", "!tag", "%pct", "@at",
            "`tick", "it's", "say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "bell\u{7}", "ünïcödé", "'",
            "http://localhost:8080", "a:b", "key:", "1:30", "-1", ".inf", ".nan", "0o17", "1_000", "=", "<<",
            "Yes", "OFF",
        ]
        let plan = Plan(
            name: "a: b # not a comment",
            package: "with space/and 'quotes'",
            environment: Dictionary(
                uniqueKeysWithValues: awkward.enumerated().map { ("K\($0.offset) \($0.element)", $0.element) }
            ),
            arguments: awkward,
            // 1h2m3s4us5ns: every unit the printer writes.
            suites: [
                PlanSuite(
                    name: "yes", timeout: PlanTimeouts(test: .nanoseconds(3_723_000_004_005), run: .milliseconds(1))
                )
            ],
            reports: PlanReports(dir: "null"),
            sourcePath: "awkward.yml"
        )
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "awkward.yml") == plan)
    }
}
