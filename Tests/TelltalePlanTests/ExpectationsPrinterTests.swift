import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct ExpectationsPrinterTests {
    @Test(.tags(.medium)) func printedExpectationsParseBackEqual() throws {
        let file = "Plans/rich.yml"
        let plan = try PlanLoader().parse(yaml: try Fixture.text("printedExpectationsParseBackEqual.yml"), file: file)
        #expect(plan.expectations.count == 5)
        #expect(plan.capture.catalog == "Plans/demo-events.yml")
        let printed = PlanPrinter.yaml(plan)
        let reread = try PlanLoader().parse(yaml: printed, file: file)
        // The reread plan's locations point into the printed text, so only they may differ.
        #expect(reread.withoutLocations == plan.withoutLocations, "printed:\n\(printed)")
        #expect(PlanPrinter.yaml(reread) == printed, "printing is stable")
    }

    @Test(.tags(.small)) func matchersBuiltInCodeSurviveTheRoundTrip() throws {
        let awkward: [JSONValue] = [
            "null", "~", "true", "NO", "123", "1.5", "", " x", "a: b", "a #b", "- x", "{y}", "{uuid}", "it's",
            "say \"hi\"", "line\nbreak", "http://h:80", "key:", .null, true, 0, -0.5, 1e-7, 123_456_789_012, 1e300,
            .array([]), .object([:]), .object(["a b": [1, ["c": "{d}"]]]),
        ]
        let params =
            awkward.enumerated().map { ParamField("p\($0.offset)", .equals($0.element)) } + [
                ParamField(ParamPath([.key("a.b"), .index(2), .key("c")]), .type([.integer, .null])),
                ParamField(ParamPath([.index(0)]), .regex(#"^it's \d+: "ok"$"#)),
                ParamField(
                    "o",
                    .fields([
                        ParamField("type", .equals("shirt")),
                        ParamField("present", .fields([])),
                        ParamField(ParamPath([.key("x.y")]), .elements([])),
                    ])),
                ParamField("r", .range(NumberRange(gt: -1, gte: 0.25, lt: 1e6, lte: 99))),
                ParamField("t", .template(StringTemplate([.literal("#"), .placeholder(.integer), .literal(": "), .placeholder(.date)]))),
                ParamField("a", .all([.type([.string]), .regex("^a"), .present(true), .contains(.placeholder(.uuid))])),
            ]
        let plan = Plan(
            name: "code",
            capture: PlanCapture(catalog: "events: file.yml"),
            expectations: [
                TestExpectations(
                    .id("Shop.Cart/add(item:)"),
                    events: [EventExpectation(EventSpec(name: "true", params: params), count: EventCount(minimum: 0, maximum: nil))],
                    forbid: [EventSpec(name: "123")],
                    order: OrderExpectation([EventSpec(name: "a"), EventSpec(name: "b: c")], gaps: false),
                    strict: true
                ),
                TestExpectations(.pattern(#"^Shop\.(A|B)/"#)),
            ],
            sourcePath: "code.yml"
        )
        let printed = PlanPrinter.yaml(plan)
        #expect(try PlanLoader().parse(yaml: printed, file: "code.yml").withoutLocations == plan, "printed:\n\(printed)")
    }

    @Test(.tags(.small)) func defaultsAreSpelledOut() {
        let plan = Plan(
            name: "p",
            expectations: [
                TestExpectations(.id("Shop.Cart"), events: [EventExpectation(EventSpec(name: "viewed"))])
            ])
        let printed = PlanPrinter.yaml(plan)
        #expect(
            printed.hasSuffix(
                """
                capture:
                  catalog: ~
                  sync: false
                expectations:
                  Shop.Cart:
                    events:
                      - name: viewed
                        params: {}
                        count: { atLeast: 1, atMost: ~ }
                    forbid: []
                    order: ~
                    strict: false

                """))
    }
}

extension Plan {
    /// Without the places things were written, which differ between a plan and its printout.
    var withoutLocations: Plan {
        var copy = self
        copy.capture.catalogLocation = nil
        copy.expectations = expectations.map(\.withoutLocations)
        return copy
    }
}
