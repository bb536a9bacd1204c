import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct VerifierTests {
    @Test func selectorsPickTestsByIdSuiteOrRegex() throws {
        let blocks = [
            TestExpectations(.id("Shop.CartTests/testAdd"), events: [EventExpectation(EventSpec("item_added"))]),
            TestExpectations(.id("Shop.CartTests"), forbid: [EventSpec("app_crash")]),
            TestExpectations(.pattern(#"^Shop\.Login"#), events: [EventExpectation(EventSpec("login_started"))]),
            TestExpectations(.id("Shop.Outer/Inner"), events: [EventExpectation(EventSpec("inner"))]),
            TestExpectations(.id("Shop.Typo/testNothing"), strict: true),
        ]
        let add = TestID("Shop.CartTests/testAdd")
        let remove = TestID("Shop.CartTests/testRemove")
        let login = TestID("Shop.LoginTests/signIn()")
        let nested = TestID("Shop.Outer/Inner/deep()")
        let events =
            Sent.events([("item_added", [:]), ("app_crash", [:])], test: add)
            + Sent.events([("app_crash", [:])], test: remove, firstID: 3)
        let report = try Verifier(expectations: blocks).verify(events: events, tests: [add, remove, login, nested])
        #expect(report.tests.map(\.test) == [add, remove, login, nested])
        #expect(report.tests.map { $0.failures.map(\.kind) } == [[.forbiddenEvent], [.forbiddenEvent], [.missingEvent], [.missingEvent]])
        #expect(report.unusedSelectors == ["Shop.Typo/testNothing"])
        #expect(report.failedTests.count == 4)
        #expect(report.eventCount == 3)
    }

    /// A suite run once per set of flags: each variant is held to its test's expectations, and
    /// to those written for that variant alone.
    @Test func aVariantIsSelectedByItsTestsKeyAndByItsOwn() throws {
        let blocks = [
            TestExpectations(.id("Shop.CheckoutTests/testPay"), events: [EventExpectation(EventSpec("checkout_started"))]),
            TestExpectations(.id("Shop.CheckoutTests/testPay [loggedOut]"), events: [EventExpectation(EventSpec("login_prompted"))]),
        ]
        let loggedOut = TestID("Shop.CheckoutTests/testPay [loggedOut]")
        let loggedIn = TestID("Shop.CheckoutTests/testPay [loggedIn]")
        let events =
            Sent.events([("checkout_started", [:]), ("login_prompted", [:])], test: loggedOut)
            + Sent.events([("checkout_started", [:])], test: loggedIn, firstID: 3)
        let report = try Verifier(expectations: blocks).verify(events: events, tests: [loggedOut, loggedIn])
        #expect(report.tests.map(\.failures.isEmpty) == [true, true])
        let missing = try Verifier(expectations: blocks).verify(events: Array(events.prefix(1)), tests: [loggedOut])
        #expect(missing.tests[0].failures.map(\.kind) == [.missingEvent])
    }

    @Test func aTestWithoutExpectationsOrEventsPasses() throws {
        let report = try Verifier(expectations: []).verify(events: [], tests: [Sent.test])
        #expect(report.tests == [TestVerification(test: Sent.test, eventCount: 0)])
        #expect(report.passed)
    }

    @Test func twoSessionsSendingAtOnceAreKeptApartByAttribution() throws {
        // Two workers, interleaved in time: each test sees only its own events.
        let cart = TestID("Shop.CartTests/testAdd")
        let login = TestID("Shop.LoginTests/testSignIn")
        var events: [Event] = []
        for index in 0..<10 {
            let (test, session, name) = index % 2 == 0 ? (cart, "worker-1", "item_added") : (login, "worker-2", "login_succeeded")
            events.append(
                Event(
                    id: "e\(index)", receivedAt: Sent.start.addingTimeInterval(Double(index) / 1000), session: session, test: test,
                    source: .segment, name: name, params: [:], raw: .null
                ))
        }
        let blocks = [
            TestExpectations(.id(cart.rawValue), events: [EventExpectation(EventSpec("item_added"), count: .exactly(5))], strict: true),
            TestExpectations(.id(login.rawValue), events: [EventExpectation(EventSpec("login_succeeded"), count: .exactly(5))], strict: true),
        ]
        let report = try Verifier(expectations: blocks).verify(events: events)
        #expect(report.passed)
        #expect(report.tests.map(\.eventCount) == [5, 5])
    }

    @Test func verifyingOneTestTakesEveryEventGivenAsItsOwn() throws {
        let block = TestExpectations(.id(Sent.test.rawValue), events: [EventExpectation(EventSpec("ping"))])
        let catalog = EventCatalog(events: [CatalogEvent("ping", params: #"{ "type": "object", "additionalProperties": false }"#)])
        let events = Sent.events([("ping", ["x": 1])], test: nil)
        let result = try Verifier(expectations: [block], catalog: catalog).verify(test: Sent.test, events: events)
        #expect(result.failures.isEmpty)
        #expect(result.violations.map(\.test) == [Sent.test])
        #expect(result.violations.map(\.kind) == [.extraProperty])
    }

    @Test func theReportRoundTripsThroughJSON() throws {
        let catalog = EventCatalog(events: [CatalogEvent("a", params: #"{ "type": "object", "additionalProperties": false }"#)])
        let blocks = [TestExpectations(.id(Sent.test.rawValue), events: [EventExpectation(EventSpec("a", ["v": .range(NumberRange(gt: 0))]))])]
        let report = try Verifier(expectations: blocks, catalog: catalog).verify(events: Sent.events([("a", ["v": "1"]), ("b", [:])]))
        #expect(!report.passed)
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(VerificationReport.self, from: data) == report)
        // Run records write dates to the millisecond: compare the JSON, which is what is kept.
        let value = try JSONValueEncoder().encode(report)
        #expect(try JSONValueEncoder().encode(JSONValueDecoder().decode(VerificationReport.self, from: value)) == value)
    }

    @Test func messagesCombineFailuresAndViolations() throws {
        let catalog = EventCatalog(events: [])
        let result = try verify(Sent.names("x"), events: [EventExpectation(EventSpec("y"))], catalog: catalog)
        #expect(
            result.messages.map(\.text) == [
                result.failures[0].text,
                "tracking plan: x is not in the tracking plan (expected a planned event) (#e1)",
            ])
    }
}

@Suite(.tags(.medium)) struct VerifierScaleTests {
    /// Far below the release benchmark's size (Scripts/benchmark-verify.sh): a debug build is
    /// slow, and this only guards against accidental quadratic work.
    @Test func tenThousandEventsOverAThousandTestsStayFast() throws {
        let tests = (0..<1000).map { TestID("Scale.Suite\($0 / 50)/test\($0)") }
        var events: [Event] = []
        for index in 0..<10_000 {
            events.append(
                Event(
                    id: "e\(index)", receivedAt: Sent.start.addingTimeInterval(Double(index) / 1000), session: "s", test: tests[index % 1000],
                    source: .telltale, name: "event_\(index / 1000)", params: ["value": .number(Double(index)), "sku": .string("A\(index % 7)")],
                    raw: .null
                ))
        }
        let blocks = tests.enumerated().map { index, test in
            TestExpectations(
                .id(test.rawValue),
                events: [EventExpectation(EventSpec("event_\(index % 10)", ["value": .range(NumberRange(gte: 0)), "sku": .regex("^A")]))])
        }
        let catalog = EventCatalog(
            events: (0..<10).map { index in
                CatalogEvent(
                    "event_\(index)",
                    params: """
                        { "type": "object", "required": ["value"], "additionalProperties": false,
                          "properties": { "value": { "type": "number", "minimum": 0 }, "sku": { "type": "string", "pattern": "^A[0-9]$" } } }
                        """)
            })
        let clock = ContinuousClock()
        var report: VerificationReport?
        let elapsed = try clock.measure {
            report = try Verifier(expectations: blocks, catalog: catalog).verify(events: events, tests: tests)
        }
        #expect(report?.passed == true)
        #expect(elapsed < .seconds(5))
    }
}
