import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct CatalogCheckTests {
    /// What the YAML plan's `params:` form of these events reads to (`CatalogLoaderTests`),
    /// written as one JSON Schema each.
    static let catalog = EventCatalog(
        events: [
            CatalogEvent(
                "purchase_completed",
                params: """
                    { "type": "object", "required": ["order_id", "currency", "value"], "additionalProperties": false,
                      "properties": {
                        "order_id": { "type": "string", "format": "uuid" },
                        "currency": { "type": "string", "enum": ["USD", "EUR"] },
                        "value": { "type": "number", "minimum": 0, "exclusiveMaximum": 100000 },
                        "coupon": { "type": ["string", "null"], "minLength": 3, "maxLength": 12 },
                        "items": { "type": "array", "minItems": 1, "items": {
                          "type": "object", "required": ["sku"], "additionalProperties": false,
                          "properties": { "sku": { "type": "string", "pattern": "^[A-Z]+-[0-9]+$" }, "qty": { "type": "integer", "minimum": 1 } } } },
                        "address": { "type": "object", "properties": { "city": { "type": "string" } } } } }
                    """),
            CatalogEvent("app_opened", params: #"{ "type": "object", "additionalProperties": false }"#),
            CatalogEvent("screen_view", params: #"{ "type": "object" }"#),
        ], ignore: [.name("identify"), .pattern("^\\$")])

    static let valid: [String: JSONValue] = [
        "order_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "currency": "USD", "value": 39.95,
        "items": [["sku": "SKU-1", "qty": 2]], "address": ["city": "Paris", "zip": "75001"],
    ]

    func violations(_ params: [String: JSONValue], name: String = "purchase_completed") throws -> [CatalogViolation] {
        try verify(Sent.events([(name, params)]), catalog: Self.catalog).violations
    }

    func violation(_ change: (inout [String: JSONValue]) -> Void) throws -> CatalogViolation? {
        var params = Self.valid
        change(&params)
        let found = try violations(params)
        #expect(found.count == 1, "\(found.map(\.message))")
        return found.first
    }

    @Test func aValidEventHasNoViolations() throws {
        #expect(try violations(Self.valid).isEmpty)
        #expect(try violations([:], name: "app_opened").isEmpty)
        #expect(try violations(["anything": 1], name: "screen_view").isEmpty)
    }

    @Test func unplannedEventsSuggestASimilarPlannedName() throws {
        let found = try violations([:], name: "purchase_complete")
        #expect(found.map(\.kind) == [.unplannedEvent])
        #expect(
            found.first?.message
                == "tracking plan: purchase_complete is not in the tracking plan (expected a planned event, such as purchase_completed) (#e1)")
        #expect(try violations([:], name: "zzz").first?.expected == "a planned event")
    }

    @Test func ignoredEventsAreNotChecked() throws {
        #expect(try violations(["traits": 1], name: "identify").isEmpty)
        #expect(try violations([:], name: "$session_start").isEmpty)
    }

    @Test func missingRequired() throws {
        let found = try #require(try violation { $0["currency"] = nil })
        #expect(found.kind == .missingRequired)
        #expect(found.path == "currency")
        #expect(found.actual == nil)
        #expect(found.message == "tracking plan: purchase_completed.currency is required (string) but missing (#e1)")
    }

    @Test func typeMismatch() throws {
        let found = try #require(try violation { $0["value"] = "9.99" })
        #expect(found.kind == .typeMismatch)
        #expect(found.path == "value")
        #expect(found.message == #"tracking plan: purchase_completed.value: expected number, got "9.99" (string) (#e1)"#)
    }

    @Test func extraPropertyListsWhatThePlanHas() throws {
        let found = try #require(try violation { $0["coupn"] = "SAVE10" })
        #expect(found.kind == .extraProperty)
        #expect(found.path == "coupn")
        #expect(
            found.message == #"tracking plan: purchase_completed.coupn is not in the tracking plan, got "SAVE10" (string) "#
                + "(planned: order_id, currency, value, coupon, items, address) (#e1)")
    }

    @Test func enumMismatch() throws {
        let found = try #require(try violation { $0["currency"] = "GBP" })
        #expect(found.kind == .enumMismatch)
        #expect(found.expected == #"one of "USD", "EUR""#)
    }

    @Test func patternMismatchInsideAnArrayHasTheElementsPath() throws {
        let found = try #require(try violation { $0["items"] = [["sku": "SKU-1"], ["sku": "sku1", "qty": 1]] })
        #expect(found.kind == .patternMismatch)
        #expect(found.path == "items[1].sku")
        #expect(
            found.message == #"tracking plan: purchase_completed.items[1].sku: expected string matching /^[A-Z]+-[0-9]+$/, got "sku1" (string) (#e1)"#
        )
    }

    @Test func formatMismatch() throws {
        let found = try #require(try violation { $0["order_id"] = "ord-42" })
        #expect(found.kind == .formatMismatch)
        #expect(found.expected == "string in uuid format")
    }

    @Test(arguments: [
        ("value", JSONValue.number(-1), "number >= 0 and < 100000"),
        ("value", .number(100_000), "number >= 0 and < 100000"),
        ("coupon", .string("AB"), "string of at least 3 characters"),
        ("coupon", .string("ABCDEFGHIJKLM"), "string of at most 12 characters"),
        ("items", .array([]), "array of at least 1 items"),
    ])
    func outOfRange(key: String, value: JSONValue, expected: String) throws {
        let found = try #require(try violation { $0[key] = value })
        #expect(found.kind == .outOfRange)
        #expect(found.path == key)
        #expect(found.expected == expected)
    }

    @Test func nestedViolationsCarryTheirPath() throws {
        var params = Self.valid
        params["items"] = [["sku": "SKU-1", "qty": 0, "colour": "red"], ["qty": "2"]]
        let found = try violations(params)
        #expect(
            found.map { "\($0.kind.rawValue) \($0.path)" } == [
                "outOfRange items[0].qty", "extraProperty items[0].colour", "missingRequired items[1].sku", "typeMismatch items[1].qty",
            ])
    }

    @Test func nullIsATypeLikeAnyOther() throws {
        var nullCoupon = Self.valid
        nullCoupon["coupon"] = JSONValue.null
        #expect(try violations(nullCoupon).isEmpty, "coupon may be null")
        let found = try #require(try violation { $0["currency"] = .null })
        #expect(found.kind == .typeMismatch)
        #expect(found.actual == "null")
    }

    @Test func violationsAreAttributedToTheirTestAndGroupedWithACount() throws {
        let checkout = TestID("Shop.CheckoutTests/testPay")
        var bad = Self.valid
        bad["value"] = -5
        let events =
            Sent.events([("purchase_completed", bad), ("purchase_completed", bad), ("promo_shown", [:])], test: checkout)
            + Sent.events([("purchase_completed", bad)], test: nil, firstID: 4)
            + Sent.events([("purchase_completed", Self.valid)], test: Sent.test, firstID: 5)
        let report = try Verifier(expectations: [], catalog: Self.catalog).verify(events: events)
        try #require(report.tests.map(\.test) == [Sent.test, checkout])
        let checkoutViolations = report.tests[1].violations
        #expect(checkoutViolations.map(\.kind) == [.outOfRange, .unplannedEvent])
        #expect(checkoutViolations[0].count == 2)
        #expect(checkoutViolations[0].eventIDs == ["e1", "e2"])
        #expect(checkoutViolations[0].test == checkout)
        #expect(
            checkoutViolations[0].message
                == "tracking plan: purchase_completed.value: expected number >= 0 and < 100000, got -5 (number) (2 events: #e1, #e2)")
        #expect(!report.tests[1].passed)
        #expect(report.tests[0].passed)
        #expect(report.unattributed.map(\.eventIDs) == [["e4"]])
        #expect(report.unattributed.first?.test == nil)
        #expect(!report.passed, "an unattributed violation fails the run")
        #expect(report.unattributedEventCount == 1)
    }

    @Test func coverageCountsEveryEventOfEachPlannedName() throws {
        let events = Sent.events([("screen_view", [:]), ("screen_view", [:])], test: nil) + Sent.events([("app_opened", [:])], firstID: 3)
        let coverage = try #require(try Verifier(expectations: [], catalog: Self.catalog).verify(events: events).coverage)
        #expect(
            coverage.events == [
                .init(name: "purchase_completed", count: 0), .init(name: "app_opened", count: 1), .init(name: "screen_view", count: 2),
            ])
        #expect(coverage.unproduced == ["purchase_completed"])
        #expect(abs(coverage.fraction - 2.0 / 3.0) < 1e-9)
        #expect(try Verifier(expectations: []).verify(events: events).coverage == nil)
    }

    @Test func aThousandIdenticalViolationsAreOneEntry() throws {
        let events = Sent.events(Array(repeating: ("app_opened", ["x": 1]), count: 1000))
        let found = try verify(events, catalog: Self.catalog).violations
        #expect(found.count == 1)
        #expect(found.first?.count == 1000)
        #expect(found.first?.eventIDs.count == 5)
        #expect(found.first?.message.hasSuffix("(1000 events: #e1, #e2, #e3, #e4, #e5, …)") == true)
    }
}
