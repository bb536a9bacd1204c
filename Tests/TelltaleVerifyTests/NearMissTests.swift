import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct NearMissTests {
    let purchase = EventSpec("purchase_completed", ["currency": .equals("USD"), "value": .range(NumberRange(gt: 0))])

    @Test func theMessageNamesTheParamTheExpectedAndTheActualValue() throws {
        let events = Sent.events([("purchase_completed", ["currency": "USD", "value": "9.99"])])
        let failure = try #require(try verify(events, events: [EventExpectation(purchase)]).failures.first)
        #expect(failure.message.hasSuffix("but none of the 1 purchase_completed event matched"))
        let closest = try #require(failure.closest.first)
        #expect(closest.differences.map(\.description) == [#"value: expected number > 0, got "9.99" (string)"#])
        #expect(
            failure.text == """
                missing event: expected purchase_completed { currency: "USD", value: number > 0 } (at least 1), but none of the 1 purchase_completed event matched; nearest: purchase_completed (#e1), value: expected number > 0, got "9.99" (string)
                  closest captured events:
                  - purchase_completed (#e1): 1 of 2 params match
                      value: expected number > 0, got "9.99" (string)
                """)
    }

    @Test func sameNameRanksFirstThenTheShareOfMatchingParams() throws {
        let events = Sent.events([
            ("purchase_complete", ["currency": "USD", "value": 10]),  // a typo'd name, all params right
            ("purchase_completed", ["currency": "EUR", "value": -1]),  // right name, nothing matches
            ("purchase_completed", ["currency": "USD", "value": 0]),  // right name, one param matches
            ("screen_view", [:]),
        ])
        let failure = try #require(try verify(events, events: [EventExpectation(purchase)]).failures.first)
        #expect(failure.closest.map(\.eventID) == ["e3", "e2", "e1"])
        #expect(failure.closest.map(\.matchedParams) == [1, 0, 2])
        #expect(failure.closest.map(\.sameName) == [true, true, false])
        #expect(failure.closest[2].summary == "purchase_complete (#e1, another event): 2 of 2 params match")
        #expect(
            failure.closest[1].differences.map(\.description) == [
                #"currency: expected "USD", got "EUR" (string)"#, "value: expected number > 0, got -1 (number)",
            ])
    }

    @Test func otherNamesRankByMatchingParamsThenNameLikeness() throws {
        let events = Sent.events([("screen_view", [:]), ("purchase_start", [:]), ("cart_viewed", ["currency": "USD"])])
        let failure = try #require(try verify(events, events: [EventExpectation(purchase)]).failures.first)
        #expect(failure.closest.map(\.eventID) == ["e3", "e2", "e1"])
    }

    @Test func missingAndNestedParamsAreMarkedAtTheirPath() throws {
        let spec = EventSpec(
            "order", ["address": .fields([ParamField("city", .equals("Paris"))]), "items[0].sku": .regex("^A"), "coupon": .present(true)])
        let events = Sent.events([("order", ["address": ["city": "Lyon"], "items": [["sku": "B1"]]])])
        let failure = try #require(try verify(events, events: [EventExpectation(spec)]).failures.first)
        #expect(
            failure.closest.first?.differences.map(\.description) == [
                #"address.city: expected "Paris", got "Lyon" (string)"#,
                "coupon: expected present, but it is missing",
                #"items[0].sku: expected string matching /^A/, got "B1" (string)"#,
            ])
    }

    @Test func atMostThreeAreShownAndNoneWhenTheTestSentNothing() throws {
        let events = Sent.names("a", "b", "c", "d", "e")
        #expect(try verify(events, events: [EventExpectation(purchase)]).failures.first?.closest.count == 3)
        let silent = try verify([], events: [EventExpectation(purchase)])
        #expect(silent.failures.first?.closest.isEmpty == true)
        #expect(silent.failures.first?.message.hasSuffix("(the test sent 0 events)") == true)
    }

    @Test func tooFewMatchesShowTheNonMatchingOnes() throws {
        let events = Sent.events([("add", ["qty": 1]), ("add", ["qty": 0])])
        let failure = try #require(
            try verify(events, events: [EventExpectation(EventSpec("add", ["qty": .range(NumberRange(gt: 0))]), count: .atLeast(2))]).failures.first)
        #expect(failure.kind == .wrongCount)
        #expect(failure.closest.map(\.eventID) == ["e2"])
    }
}
