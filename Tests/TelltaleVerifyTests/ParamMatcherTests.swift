import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@Suite(.tags(.small)) struct ParamMatcherTests {
    @Test func equalsComparesJSONValuesNumbersByValue() throws {
        #expect(try matches(.equals("USD"), "USD"))
        #expect(try !matches(.equals("USD"), "usd"))
        #expect(try matches(.equals(1), .number(1.0)))
        #expect(try !matches(.equals(9.99), "9.99"))
        #expect(try matches(.equals(true), true))
        #expect(try matches(.equals(nil), .null))
        #expect(try !matches(.equals(nil), nil))
        #expect(try matches(.equals(["a": 1, "b": [true]]), ["b": [true], "a": 1]))
        #expect(try !matches(.equals(["a": 1]), ["a": 1, "b": 2]))
        #expect(try matches(.equals([1, 2]), [1, 2]))
        #expect(try !matches(.equals([1, 2]), [2, 1]))
    }

    @Test(arguments: [
        (JSONType.string, JSONValue.string("x"), true), (.string, .number(1), false),
        (.number, .number(1.5), true), (.number, .string("1"), false),
        (.integer, .number(3), true), (.integer, .number(3.5), false), (.integer, .string("3"), false),
        (.boolean, .bool(false), true), (.boolean, .number(0), false),
        (.object, .object([:]), true), (.object, .array([]), false),
        (.array, .array([]), true), (.array, .object([:]), false),
        (.null, .null, true), (.null, .string(""), false),
    ])
    func typeMatchesOnlyItsKind(type: JSONType, value: JSONValue, expected: Bool) throws {
        #expect(try matches(.type([type]), value) == expected)
    }

    @Test func typeListAcceptsAnyOfItsTypesButNotAbsence() throws {
        #expect(try matches(.type([.string, .null]), .null))
        #expect(try matches(.type([.string, .null]), "x"))
        #expect(try !matches(.type([.string, .null]), nil))
    }

    @Test func regexMatchesAnywhereInStringsOnly() throws {
        #expect(try matches(.regex("^SKU-[0-9]+$"), "SKU-42"))
        #expect(try !matches(.regex("^SKU-[0-9]+$"), "sku-42"))
        #expect(try matches(.regex("42"), "SKU-42-X"))
        #expect(try !matches(.regex("42"), 42))
    }

    @Test func rangesAreInclusiveOrExclusiveAsWritten() throws {
        #expect(try matches(.range(NumberRange(gt: 0)), 0.01))
        #expect(try !matches(.range(NumberRange(gt: 0)), 0))
        #expect(try matches(.range(NumberRange(gte: 0)), 0))
        #expect(try matches(.range(NumberRange(lt: 10)), 9.99))
        #expect(try !matches(.range(NumberRange(lt: 10)), 10))
        #expect(try matches(.range(NumberRange(lte: 10)), 10))
        #expect(try matches(.range(NumberRange(gte: 1, lte: 5)), 3))
        #expect(try !matches(.range(NumberRange(gte: 1, lte: 5)), 6))
        #expect(try !matches(.range(NumberRange(gt: 0)), "9.99"), "a numeric string is not a number")
        #expect(try !matches(.range(NumberRange(gt: 0)), nil))
    }

    @Test func presentAndAbsent() throws {
        #expect(try matches(.present(true), "anything"))
        #expect(try matches(.present(true), .null), "null is a value")
        #expect(try !matches(.present(true), nil))
        #expect(try matches(.present(false), nil))
        #expect(try !matches(.present(false), .null))
    }

    @Test func oneOfAcceptsAnyOptionIncludingAbsence() throws {
        let matcher = ParamMatcher.oneOf([.equals("USD"), .equals("EUR"), .present(false)])
        #expect(try matches(matcher, "EUR"))
        #expect(try matches(matcher, nil))
        #expect(try !matches(matcher, "GBP"))
    }

    @Test func allRequiresEveryMatcher() throws {
        let matcher = ParamMatcher.all([.type([.integer]), .range(NumberRange(gte: 1))])
        #expect(try matches(matcher, 2))
        #expect(try !matches(matcher, 2.5))
        #expect(try !matches(matcher, 0))
    }

    @Test func nestedObjectsMatchPartiallyAndPathsReachInside() throws {
        let order: JSONValue = ["address": ["city": "Paris", "zip": "75001"], "items": [["sku": "A1", "qty": 2], ["sku": "B2", "qty": 1]]]
        let members: [String: JSONValue] = if case .object(let members) = order { members } else { [:] }
        func check(_ params: [String: ParamMatcher]) throws -> Bool {
            try verify(Sent.events([("order", members)]), events: [EventExpectation(EventSpec("order", params))]).passed
        }
        #expect(try check(["address.city": .equals("Paris")]))
        #expect(try check(["items[1].sku": .equals("B2"), "items[0].qty": .range(NumberRange(gt: 1))]))
        #expect(try !check(["items[2].sku": .present(true)]))
        #expect(try check(["items[2].sku": .present(false)]))
        #expect(try check(["address": .fields([ParamField("city", .equals("Paris"))])]), "other members are allowed")
        #expect(try !check(["address": .fields([ParamField("city", .equals("Lyon"))])]))
        #expect(try check(["items": .contains(.fields([ParamField("sku", .equals("B2"))]))]))
        #expect(try !check(["items": .contains(.fields([ParamField("sku", .equals("C3"))]))]))
        #expect(try check(["items": .elements([.fields([ParamField("sku", .regex("^A"))]), .present(true)])]))
        #expect(try !check(["items": .elements([.present(true)])]), "elements fixes the length")
    }

    @Test func aFlatKeySpelledLikeAPathWins() throws {
        let events = Sent.events([("view", ["item.id": "flat", "item": ["id": "nested"]])])
        let result = try verify(events, events: [EventExpectation(EventSpec("view", ["item.id": .equals("flat")]))])
        #expect(result.passed)
    }

    @Test(arguments: [
        (Placeholder.any, JSONValue.null, true), (.any, .object([:]), true),
        (.string, "", true), (.string, 1, false),
        (.nonempty, "x", true), (.nonempty, "", false),
        (.number, 1.5, true), (.number, "1.5", false),
        (.integer, 7, true), (.integer, 7.5, false),
        (.boolean, false, true), (.boolean, "false", false),
        (.uuid, "0f8fad5b-d9cb-469f-a165-70867728950e", true), (.uuid, "0F8FAD5B-D9CB-469F-A165-70867728950E", true),
        (.uuid, "0f8fad5b-d9cb-469f-a165-70867728950", false), (.uuid, "0f8fad5bxd9cb-469f-a165-70867728950e", false),
        (.iso8601, "2026-11-21T05:20:00Z", true), (.iso8601, "2026-11-21T05:20:00.125+01:00", true),
        (.iso8601, "2026-11-21", false), (.iso8601, 1_790_000_000, false),
        (.timestamp, "2026-11-21T05:20:00Z", true), (.timestamp, 1_790_000_000, true), (.timestamp, 1_790_000_000_123, true),
        (.timestamp, "1790000000", true), (.timestamp, 42, false), (.timestamp, "yesterday", false),
        (.date, "2026-11-21", true), (.date, "2026-13-01", false), (.date, "2026-11-21T00:00:00Z", false),
    ])
    func placeholdersStandForPerRunValues(placeholder: Placeholder, value: JSONValue, expected: Bool) throws {
        #expect(try matches(.placeholder(placeholder), value) == expected)
    }

    @Test func noPlaceholderMatchesAnAbsentParam() throws {
        for placeholder in Placeholder.allCases {
            #expect(try !matches(.placeholder(placeholder), nil), "\(placeholder)")
        }
    }

    @Test func templatesMatchPlaceholdersInsideStrings() throws {
        let url = ParamMatcher.template(StringTemplate([.literal("https://shop.test/orders/"), .placeholder(.uuid)]))
        #expect(try matches(url, "https://shop.test/orders/0f8fad5b-d9cb-469f-a165-70867728950e"))
        #expect(try !matches(url, "https://shop.test/orders/42"))
        #expect(try !matches(url, "xhttps://shop.test/orders/0f8fad5b-d9cb-469f-a165-70867728950e"), "anchored")
        let count = ParamMatcher.template(StringTemplate([.placeholder(.integer), .literal(" items (x.y)")]))
        #expect(try matches(count, "12 items (x.y)"))
        #expect(try !matches(count, "12 items (xzy)"), "literal parts are not regexes")
    }

    @Test func descriptionsReadAsMessagesUseThem() {
        #expect(ParamMatcher.range(NumberRange(gt: 0)).description == "number > 0")
        #expect(ParamMatcher.all([.type([.integer]), .range(NumberRange(gte: 1, lte: 5))]).description == "integer >= 1 and <= 5")
        #expect(ParamMatcher.equals("USD").description == #""USD""#)
        #expect(ParamMatcher.type([.string, .null]).description == "string or null")
        #expect(ParamMatcher.regex("^A").description == "string matching /^A/")
        #expect(ParamMatcher.placeholder(.uuid).description == "a UUID {uuid}")
        #expect(ParamMatcher.oneOf([.equals("a"), .present(false)]).description == #"one of "a", absent"#)
        #expect(ParamMatcher.fields([ParamField("city", .equals("Paris"))]).description == #"{ city: "Paris" }"#)
    }

    @Test func invalidRegexIsAnErrorNamingWhereItWas() {
        let block = TestExpectations(.id("Shop.A/b"), events: [EventExpectation(EventSpec("e", ["v": .regex("(")]))])
        #expect(throws: VerificationError.self) { try Verifier(expectations: [block]) }
        do {
            _ = try Verifier(expectations: [block])
        } catch {
            #expect(error.errorDescription?.contains("expectations for Shop.A/b: e: v: '(' is not a valid regular expression") == true)
        }
    }
}
