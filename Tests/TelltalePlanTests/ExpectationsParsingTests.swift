import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite(.tags(.small)) struct ExpectationsParsingTests {
    /// The plan's expectations with every location removed, and the blocks' locations as `line:column`.
    func parse(_ yaml: String) throws -> (blocks: [TestExpectations], lines: [String]) {
        let plan = try PlanLoader().parse(yaml: "version: 1\n" + yaml, file: "Plans/demo.yml")
        let lines = plan.expectations.map { block in block.location.map { "\($0.line):\($0.column ?? 0)" } ?? "" }
        return (plan.expectations.map(\.withoutLocations), lines)
    }

    @Test func everyShapeParses() throws {
        let (blocks, lines) = try parse(
            """
            capture:
              catalog: Plans/demo-events.yml
            expectations:
              DemoShopTests.CheckoutTests/testPurchase:
                events:
                  - checkout_started
                  - name: purchase_completed
                    params:
                      currency: USD
                      value: { gt: 0 }
                      quantity: { type: integer, gte: 1, lte: 10 }
                      order_id: "{uuid}"
                      receipt_url: "https://shop.test/orders/{uuid}"
                      "items[0].sku": { regex: "^SKU-" }
                      address: { city: Paris }
                      coupon: { present: false }
                      tags: [sale, { oneOf: [new, used] }]
                      note: { equals: "{uuid}" }
                    count: 1
                  - { name: screen_view, count: { atLeast: 2, atMost: 5 } }
                forbid: [checkout_error, { name: payment_failed, params: { retry: true } }]
                order: [checkout_started, payment_submitted, purchase_completed]
                strict: true
              DemoShopTests.LoginTests:
                order: { events: [login_started, login_succeeded], gaps: false }
              /^DemoShopTests\\.Browse/:
                forbid: app_crash
            """)
        #expect(lines == ["5:3", "25:3", "27:3"])
        #expect(blocks.count == 3)
        let purchase = EventSpec(
            name: "purchase_completed",
            params: [
                ParamField("currency", .equals("USD")),
                ParamField("value", .range(NumberRange(gt: 0))),
                ParamField("quantity", .all([.type([.integer]), .range(NumberRange(gte: 1, lte: 10))])),
                ParamField("order_id", .placeholder(.uuid)),
                ParamField("receipt_url", .template(StringTemplate([.literal("https://shop.test/orders/"), .placeholder(.uuid)]))),
                ParamField(ParamPath([.key("items"), .index(0), .key("sku")]), .regex("^SKU-")),
                ParamField("address", .fields([ParamField("city", .equals("Paris"))])),
                ParamField("coupon", .present(false)),
                ParamField("tags", .elements([.equals("sale"), .oneOf([.equals("new"), .equals("used")])])),
                ParamField("note", .equals("{uuid}")),
            ])
        #expect(
            blocks[0]
                == TestExpectations(
                    .id("DemoShopTests.CheckoutTests/testPurchase"),
                    events: [
                        EventExpectation(EventSpec(name: "checkout_started")),
                        EventExpectation(purchase, count: .exactly(1)),
                        EventExpectation(EventSpec(name: "screen_view"), count: EventCount(minimum: 2, maximum: 5)),
                    ],
                    forbid: [EventSpec(name: "checkout_error"), EventSpec(name: "payment_failed", params: [ParamField("retry", .equals(true))])],
                    order: OrderExpectation(["checkout_started", "payment_submitted", "purchase_completed"].map { EventSpec(name: $0) }),
                    strict: true
                ))
        #expect(
            blocks[1]
                == TestExpectations(
                    .id("DemoShopTests.LoginTests"),
                    order: OrderExpectation([EventSpec(name: "login_started"), EventSpec(name: "login_succeeded")], gaps: false)
                ))
        #expect(blocks[2] == TestExpectations(.pattern(#"^DemoShopTests\.Browse"#), forbid: [EventSpec(name: "app_crash")]))
    }

    @Test func captureNamesTheCatalogAndWhereItIsWritten() throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\ncapture:\n  catalog: Plans/events.yml\n", file: "p.yml")
        #expect(plan.capture.catalog == "Plans/events.yml")
        #expect(plan.capture.catalogLocation == SourceLocation(file: "p.yml", line: 3, column: 12))
        #expect(try PlanLoader().parse(yaml: "version: 1\n", file: "p.yml").capture == PlanCapture())
    }

    @Test func locationsPointAtEachExpectation() throws {
        let plan = try PlanLoader().parse(
            yaml: """
                version: 1
                expectations:
                  Shop.Cart/testAdd:
                    events:
                      - item_added
                      - { name: cart_viewed }
                    order: [a, b]
                """, file: "Plans/demo.yml")
        let block = try #require(plan.expectations.first)
        #expect(
            block.events.map { $0.event.location } == [
                SourceLocation(file: "Plans/demo.yml", line: 5, column: 9), SourceLocation(file: "Plans/demo.yml", line: 6, column: 9),
            ])
        #expect(block.order?.location == SourceLocation(file: "Plans/demo.yml", line: 7, column: 12))
    }

    @Test(arguments: [
        ("NO", JSONValue.string("NO")), ("yes", "yes"), ("on", "on"), ("true", true), ("False", false),
        ("1", 1), ("-2.5", -2.5), ("0x10", 16), ("'1'", "1"), ("\"true\"", "true"), ("~", .null), ("null", .null),
        ("2026-01-01", "2026-01-01"), ("[1, a]", .array([1, "a"])),
    ])
    func literalsAreTypedAsJSONWouldBe(yaml: String, expected: JSONValue) throws {
        let (blocks, _) = try parse("expectations:\n  A.B/c:\n    events: [{ name: e, params: { v: { equals: \(yaml) } } }]\n")
        #expect(blocks.first?.events.first?.event.params.first?.matcher == .equals(expected))
    }

    @Test func plainScalarsAreEqualityExceptPlaceholders() throws {
        let (blocks, _) = try parse(
            """
            expectations:
              A.B/c:
                events:
                  - name: e
                    params: { a: 3, b: "{timestamp}", c: "{integer} items", d: "{not a placeholder}", e: "{\\"json\\": 1}" }
            """)
        #expect(
            blocks.first?.events.first?.event.params.map(\.matcher) == [
                .equals(3), .placeholder(.timestamp), .template(StringTemplate([.placeholder(.integer), .literal(" items")])),
                .equals("{not a placeholder}"), .equals(#"{"json": 1}"#),
            ])
    }

    @Test func problemsAreLocatedAndEveryOneIsReported() {
        let found = problems(
            in: """
                version: 1
                expectations:
                  testPurchase:
                    events: [a]
                  Shop.Cart/testAdd:
                    evnts: [a]
                    events:
                      - name: purchase_completed
                        params:
                          order_id: "{uuuid}"
                          value: { gt: zero }
                          kind: { type: int }
                          sku: { regex: "([" }
                          both: { type: string, city: Paris }
                          gone: { present: false, type: string }
                          "items[0": 1
                        count: { atLeast: 3, atMost: 1 }
                      - { params: { a: 1 } }
                    order: [only_one]
                    strict: maybe
                  Shop.Empty/test:
                  /([/:
                    forbid: x
                """, file: "Plans/bad.yml")
        expectProblems(
            found,
            [
                .init(3, 3, "expectations.testPurchase", "'testPurchase' is not a test id"),
                .init(6, 5, "expectations.Shop.Cart/testAdd.evnts", "unknown key `evnts`"),
                .init(10, 21, "expectations.Shop.Cart/testAdd.events[0].params.order_id", "unknown placeholder `{uuuid}`"),
                .init(11, 24, "expectations.Shop.Cart/testAdd.events[0].params.value.gt", "expected a number, found 'zero'"),
                .init(12, 25, "expectations.Shop.Cart/testAdd.events[0].params.kind.type", "unknown type 'int'"),
                .init(13, 25, "expectations.Shop.Cart/testAdd.events[0].params.sku.regex", "'([' is not a valid regular expression"),
                .init(14, 33, "expectations.Shop.Cart/testAdd.events[0].params.both.city", "`city` is neither a matcher nor allowed beside one"),
                .init(15, 19, "expectations.Shop.Cart/testAdd.events[0].params.gone.present", "`present: false` cannot be combined"),
                .init(16, 11, "expectations.Shop.Cart/testAdd.events[0].params.items[0", "'items[0' is not a parameter path"),
                .init(17, 16, "expectations.Shop.Cart/testAdd.events[0].count", "`atMost` (1) is less than `atLeast` (3)"),
                .init(18, 9, "expectations.Shop.Cart/testAdd.events[1].name", "event has no `name`"),
                .init(19, 12, "expectations.Shop.Cart/testAdd.order", "an order needs at least two events"),
                .init(20, 13, "expectations.Shop.Cart/testAdd.strict", "expected true or false"),
                .init(21, 3, "expectations.Shop.Empty/test", "no expectations given"),
                .init(22, 3, "expectations./([/", "'([' is not a valid regular expression"),
            ])
        #expect(found.first { $0.message.contains("uuuid") }?.hint?.hasPrefix("did you mean `{uuid}`?") == true)
        #expect(found.first { $0.message.contains("'int'") }?.hint?.hasPrefix("did you mean `integer`?") == true)
        #expect(found.allSatisfy { $0.hint != nil })
    }

    @Test func wholeValuePlaceholdersCannotSitInsideAString() {
        let found = problems(in: "version: 1\nexpectations:\n  A.B/c:\n    events: [{ name: e, params: { v: \"is {boolean}\" } }]\n")
        expectProblems(found, [.init(4, 38, "expectations.A.B/c.events[0].params.v", "`{boolean}` stands for a whole value")])
    }
}

extension TestExpectations {
    /// Locations are checked on their own; without them, whole values can be compared.
    var withoutLocations: TestExpectations {
        var copy = self
        copy.location = nil
        copy.events = events.map { EventExpectation($0.event.withoutLocation, count: $0.count) }
        copy.forbid = forbid.map(\.withoutLocation)
        copy.order = order.map { OrderExpectation($0.events.map(\.withoutLocation), gaps: $0.gaps) }
        return copy
    }
}

extension EventSpec {
    var withoutLocation: EventSpec { EventSpec(name: name, params: params) }
}
