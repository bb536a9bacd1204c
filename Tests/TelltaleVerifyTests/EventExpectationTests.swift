import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct EventExpectationTests {
    let purchase = EventSpec("purchase_completed", ["currency": .equals("USD"), "value": .range(NumberRange(gt: 0))])

    @Test func anExpectedEventPassesWhenOneMatches() throws {
        let events = Sent.events([("screen_view", [:]), ("purchase_completed", ["currency": "USD", "value": 39.95])])
        #expect(try verify(events, events: [EventExpectation(purchase)]).passed)
    }

    @Test func aMissingEventFailsNamingItsParamsAndCount() throws {
        let result = try verify(Sent.names("screen_view"), events: [EventExpectation(purchase)])
        let failure = try #require(result.failures.first)
        #expect(failure.kind == .missingEvent)
        #expect(failure.event == "purchase_completed")
        #expect(
            failure.message == #"missing event: expected purchase_completed { currency: "USD", value: number > 0 } (at least 1), "#
                + "but no purchase_completed event was sent (the test sent 1 event)")
    }

    @Test func countsAreExactAtLeastOrAtMost() throws {
        let three = Sent.names("add", "add", "add")
        #expect(try verify(three, events: [EventExpectation(EventSpec("add"), count: .exactly(3))]).passed)
        #expect(try verify(three, events: [EventExpectation(EventSpec("add"), count: .atLeast(2))]).passed)
        #expect(try verify(three, events: [EventExpectation(EventSpec("add"), count: .atMost(3))]).passed)

        let tooMany = try verify(three, events: [EventExpectation(EventSpec("add"), count: .exactly(2))])
        let failure = try #require(tooMany.failures.first)
        #expect(failure.kind == .wrongCount)
        #expect(failure.message == "wrong count: expected add (exactly 2), found 3: #e1, #e2, #e3")
        #expect(failure.eventIDs == ["e1", "e2", "e3"])
        #expect(failure.closest.isEmpty, "too many needs no near misses")

        let tooFew = try verify(three, events: [EventExpectation(EventSpec("add"), count: .atLeast(4))])
        #expect(tooFew.failures.first?.message == "wrong count: expected add (at least 4), found 3: #e1, #e2, #e3")
        #expect(try !verify(three, events: [EventExpectation(EventSpec("add"), count: .atMost(2))]).passed)
    }

    @Test func countZeroWithParamsForbidsOnlyThoseParams() throws {
        let events = Sent.events([("add", ["qty": 1]), ("add", ["qty": 2])])
        #expect(try verify(events, events: [EventExpectation(EventSpec("add", ["qty": .range(NumberRange(gt: 5))]), count: .exactly(0))]).passed)
        #expect(try !verify(events, events: [EventExpectation(EventSpec("add", ["qty": .equals(2)]), count: .exactly(0))]).passed)
    }

    @Test func countsOnlyCountEventsWhoseParamsMatch() throws {
        let events = Sent.events([("add", ["sku": "A"]), ("add", ["sku": "B"]), ("add", ["sku": "A"])])
        #expect(try verify(events, events: [EventExpectation(EventSpec("add", ["sku": .equals("A")]), count: .exactly(2))]).passed)
    }

    @Test func forbiddenEventsFailWithEveryOccurrence() throws {
        let events = Sent.events([("checkout_error", ["code": 500]), ("screen_view", [:]), ("checkout_error", ["code": 502])])
        let result = try verify(events, forbid: [EventSpec("checkout_error"), EventSpec("app_crash")])
        #expect(result.failures.count == 1)
        let failure = try #require(result.failures.first)
        #expect(failure.kind == .forbiddenEvent)
        #expect(failure.eventIDs == ["e1", "e3"])
        #expect(failure.message == #"forbidden event checkout_error was sent 2 times: #e1, #e3; first with params {"code":500}"#)
    }

    @Test func aForbiddenSpecWithParamsOnlyForbidsThose() throws {
        let events = Sent.events([("payment_failed", ["retry": false])])
        #expect(try verify(events, forbid: [EventSpec("payment_failed", ["retry": .equals(true)])]).passed)
        #expect(try !verify(events, forbid: [EventSpec("payment_failed", ["retry": .equals(false)])]).passed)
    }

    @Test func strictModeFailsEveryEventNoExpectationNames() throws {
        let events = Sent.events([
            ("login_started", [:]), ("screen_view", ["name": "home"]), ("login_succeeded", ["method": "password"]),
            ("screen_view", ["name": "profile"]), ("login_succeeded", ["method": "sso"]),
        ])
        let result = try verify(
            events, events: [EventExpectation(EventSpec("login_succeeded", ["method": .equals("password")]))],
            order: OrderExpectation([EventSpec("login_started"), EventSpec("login_succeeded", ["method": .equals("password")])]), strict: true
        )
        try #require(result.failures.map(\.kind) == [.unexpectedEvent, .unexpectedEvent])
        #expect(result.failures.map(\.event) == ["screen_view", "login_succeeded"])
        #expect(result.failures[0].eventIDs == ["e2", "e4"])
        #expect(result.failures[0].message.hasPrefix("unexpected event screen_view in strict mode (no expectation names it): sent 2 times, #e2, #e4"))
        #expect(result.failures[1].eventIDs == ["e5"], "its params match no expectation of that name")
        #expect(result.failures[1].message.contains("its params match no expectation of that name"))
    }

    @Test func strictModeWithNothingExpectedAllowsNoEvents() throws {
        #expect(try verify([], strict: true).passed)
        #expect(try verify(Sent.names("ping"), strict: true).failures.map(\.kind) == [.unexpectedEvent])
    }

    @Test func withoutStrictModeOtherEventsAreFine() throws {
        #expect(try verify(Sent.names("a", "b", "c"), events: [EventExpectation(EventSpec("b"))]).passed)
    }

    @Test func failuresBecomeTestMessagesPointingAtThePlan() throws {
        let location = SourceLocation(file: "Plans/demo.yml", line: 12, column: 11)
        let spec = EventSpec(name: "purchase_completed", location: location)
        let result = try verify([], events: [EventExpectation(spec)])
        #expect(result.messages == [TestMessage(kind: .failure, text: result.failures[0].text, location: location)])
        #expect(result.failures[0].expectation == location)
    }
}
