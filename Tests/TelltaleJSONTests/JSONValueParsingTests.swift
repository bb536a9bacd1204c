import Foundation
import TelltaleJSON
import TelltaleTestSupport
import Testing

@Suite(.tags(.small))
struct JSONValueParsingTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" { "a" : [1, -2.5, 3e2, true, false, null, "x"], "b": {}, "c": [] } "#)
        #expect(value == ["a": [1, -2.5, 300, true, false, nil, "x"], "b": .object([:]), "c": .array([])])
    }

    @Test func stringEscapesAndUnicode() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC""#) == .string("é€"))
        #expect(try parse(#""\ud83d\ude00 😀""#) == .string("😀 😀"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse("\"日本語 ümlaut\"") == .string("日本語 ümlaut"))
    }

    @Test func numbers() throws {
        #expect(try parse("0") == .number(0))
        #expect(try parse("-0") == .number(-0.0))
        #expect(try parse("123456789012345") == .number(123_456_789_012_345))
        #expect(try parse("9007199254740993") == .number(9_007_199_254_740_992))  // rounded like Double("…")
        #expect(try parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try parse("5e-324") == .number(.leastNonzeroMagnitude))
        #expect(try parse("0.1") == .number(0.1))
        #expect(try parse("-1.5E+3") == .number(-1500))
    }

    @Test(arguments: [
        ("", "empty input, expected JSON"),
        ("   ", "empty input, expected JSON"),
        (#"{"a":1 "b":2}"#, "invalid JSON at byte 7: expected ',' or '}'"),
        ("[1,]", "invalid JSON at byte 3: unexpected character ']'"),
        ("[1] x", "invalid JSON at byte 4: unexpected data after the JSON value"),
        ("01", "invalid JSON at byte 0: leading zero in a number"),
        ("1.", "invalid JSON at byte 2: expected a digit after '.'"),
        ("1e", "invalid JSON at byte 2: expected a digit in the exponent"),
        ("1e999", "invalid JSON at byte 0: number 1e999 is out of range"),
        ("tru", "invalid JSON at byte 0: unexpected end of input"),
        ("nul!", "invalid JSON at byte 0: expected null"),
        (#""abc"#, "invalid JSON at byte 4: unterminated string"),
        ("\"a\nb\"", "invalid JSON at byte 2: control character in a string"),
        (#""\x""#, "invalid JSON at byte 1: bad escape '\\x'"),
        (#""\ud83d""#, "invalid JSON at byte 7: unpaired surrogate"),
        (#""\ude00""#, "invalid JSON at byte 7: unpaired surrogate"),
        (#""\u12g4""#, "invalid JSON at byte 5: bad hex digit in \\u escape"),
        ("{1:2}", "invalid JSON at byte 1: expected a member name in quotes"),
        (#"{"a" 1}"#, "invalid JSON at byte 5: expected ':'"),
        ("[1 2]", "invalid JSON at byte 3: expected ',' or ']'"),
        ("// no", "invalid JSON at byte 0: unexpected character '/'"),
    ])
    func invalidInputSaysWhereAndWhy(text: String, message: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
        // An encoded surrogate, after an escape.
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]) }
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect { try parse(deep) } throws: { ($0 as? JSONParseError)?.reason == "nested deeper than 512 levels" }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parse(fine) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("[[1]]".utf8), maxDepth: 1) }
    }

    @Test func duplicateKeysKeepTheLast() throws {
        #expect(try parse(#"{"a":1,"a":2}"#) == ["a": 2])
    }

    @Test func parsesFromDataAndStringAndNonContiguousCollections() throws {
        let text = #"{"k":[1,"two"]}"#
        let expected: JSONValue = ["k": [1, "two"]]
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: text.utf8) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)[...]) == expected)
    }
}

@Suite(.tags(.small))
struct JSONValueSerializingTests {
    @Test func compactWithKeysSortedBytewise() {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x"], "Z": .object([:]), "é": .array([]), "aa": 2.5]
        #expect(value.jsonText() == #"{"Z":{},"a":[true,null,"x"],"aa":2.5,"b":1,"é":[]}"#)
    }

    /// Small objects are sorted by insertion and large ones by the general sort: both bytewise.
    @Test(arguments: [1, 2, 3, 12, 13, 40])
    func anyNumberOfKeysIsSortedBytewise(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<count).map { number in "k\(UInt32.random(in: 0...UInt32.max, using: &generator))-\(number)" }
        let members = Dictionary(uniqueKeysWithValues: keys.shuffled().enumerated().map { ($1, JSONValue.number(Double($0))) })
        let text = JSONValue.object(members).jsonText()
        let expected =
            "{"
            + keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { key in "\"\(key)\":\(members[key]!.jsonText())" }.joined(separator: ",") + "}"
        #expect(text == expected)
    }

    @Test func prettyAsJSONEncoderWritesIt() throws {
        let value: JSONValue = ["b": [1, ["c": "d"]], "a": .object([:]), "e": .array([])]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let foundation = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(value.jsonText(.pretty) == foundation)
        let text = JSONValue.string("q\" b\\ / \u{08}\u{0C}\n\r\t \u{0}\u{1B}\u{1F} é 😀")
        #expect(text.jsonText() == String(decoding: try encoder.encode(text), as: UTF8.self))
    }

    @Test func leadingKeysComeFirstAtTheTopOnly() {
        let value: JSONValue = ["a": ["schemaVersion": 2, "a": 1], "schemaVersion": 1, "z": 0]
        #expect(
            value.jsonText(JSONFormatting(leadingKeys: ["schemaVersion", "missing"])) == #"{"schemaVersion":1,"a":{"a":1,"schemaVersion":2},"z":0}"#)
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let value = JSONValue.string("q\" b\\ / \u{08}\u{0C}\n\r\t \u{0}\u{1B}\u{1F} é 😀 \u{2028}")
        #expect(value.jsonText() == "\"q\\\" b\\\\ / \\b\\f\\n\\r\\t \\u0000\\u001b\\u001f é 😀 \u{2028}\"")
    }

    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-42.0, "-42"), (600.0, "600"), (0.5, "0.5"), (0.1, "0.1"), (12.3456, "12.3456"),
        (1e15, "1000000000000000"), (1e16, "1e+16"), (123_456_789_012_345.0, "123456789012345"), (1e-7, "1e-07"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (5e-324, "5e-324"), (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func numbersAreShortestRoundTrip(number: Double, text: String) throws {
        #expect(JSONValue.number(number).jsonText() == text)
        if number.isFinite { #expect(try JSONValue(parsing: text) == .number(number)) }
    }

    @Test func numbersMatchJSONEncoder() throws {
        let numbers: [Double] = [0, 1, -1, 2.5, 0.1, 1e15, 1e16, 1e21, 1e-7, 123.456, -0.001, 9_007_199_254_740_991]
        let encoder = JSONEncoder()
        for number in numbers {
            #expect(JSONValue.number(number).jsonText() == String(decoding: try encoder.encode(number), as: UTF8.self), "\(number)")
        }
    }

    @Test func roundTripsThroughTheParser() throws {
        let value: JSONValue = [
            "text": "line\nbreak \"quoted\" \u{1} 日本 😀", "numbers": [0, -1, 1.5, 1e300, -2.5e-300, 4_294_967_296],
            "nested": ["deeper": ["deepest": [nil, true, false]]], "empty": "",
        ]
        #expect(try JSONValue(parsing: value.serialized()) == value)
        #expect(try JSONValue(parsing: value.serialized(.pretty)) == value)
    }

    @Test func foundationReadsWhatWeWrite() throws {
        let value: JSONValue = ["a": ["b": [1, 2.25, "\u{1B}x"]], "c": "\u{10FFFF}"]
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(value.serialized())) == value)
    }
}
