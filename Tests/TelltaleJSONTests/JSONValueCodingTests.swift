import Foundation
import TelltaleJSON
import TelltaleTestSupport
import Testing

@Suite(.tags(.small))
struct JSONValueCodingTests {
    let start = Date(timeIntervalSince1970: 1_795_238_400)  // 2026-11-21T05:20:00Z

    @Test func datesHaveMillisecondsAndWholeSecondsStillRead() throws {
        #expect(ISO8601Timestamp.string(from: start) == "2026-11-21T05:20:00.000Z")
        #expect(ISO8601Timestamp.string(from: start.addingTimeInterval(0.0015)) == "2026-11-21T05:20:00.002Z")
        #expect(ISO8601Timestamp.string(from: start.addingTimeInterval(-0.25)) == "2026-11-21T05:19:59.750Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")

        #expect(ISO8601Timestamp.date(from: "2026-11-21T05:20:00Z") == start)
        #expect(ISO8601Timestamp.date(from: "2026-11-21T05:20:00.000Z") == start)
        #expect(ISO8601Timestamp.date(from: "2026-11-21T07:20:00+02:00") == start)
        #expect(ISO8601Timestamp.date(from: "2026-11-21T00:20:00-0500") == start)
        let fractional = try #require(ISO8601Timestamp.date(from: "2026-11-21T05:20:00.125Z"))
        #expect(abs(fractional.timeIntervalSince(start) - 0.125) < 1e-6)
        let micro = try #require(ISO8601Timestamp.date(from: "2026-11-21T05:20:00.123456Z"))
        #expect(abs(micro.timeIntervalSince(start) - 0.123456) < 1e-6)
        for bad in [
            "", "2026-11-21", "2026-11-21T05:20:00", "2026-13-01T00:00:00Z", "2026-11-21T05:20:00.Z", "2026-11-21T05:20:00Zjunk",
            "x026-11-21T05:20:00Z",
        ] {
            #expect(ISO8601Timestamp.date(from: bad) == nil, "\(bad)")
        }
    }

    @Test func millisecondDatesRoundTripExactly() throws {
        for offset in [0.001, 0.125, 0.999, 59.5, 86_399.999, -0.001] {
            let date = start.addingTimeInterval(offset)
            let text = ISO8601Timestamp.string(from: date)
            let back = try #require(ISO8601Timestamp.date(from: text))
            #expect(ISO8601Timestamp.string(from: back) == text)
            #expect(abs(back.timeIntervalSince(date)) < 1e-6)
        }
    }

    @Test func agreesWithFoundationOnWholeSeconds() throws {
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_000_000_000.0, through: 4_000_000_000.0, by: 86_399_937.0) {
            let date = Date(timeIntervalSince1970: seconds)
            let ours = ISO8601Timestamp.string(from: date)
            #expect(ours.replacingOccurrences(of: ".000Z", with: "Z") == formatter.string(from: date))
            #expect(ISO8601Timestamp.date(from: formatter.string(from: date)) == date)
        }
    }

    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        var int: Int
        var int8: Int8
        var uint64: UInt64
        var float: Float
        var double: Double
        var bool: Bool
        var string: String
        var optional: String?
        var absent: Int?
        var date: Date
        var data: Data
        var url: URL
        var kind: Kind
        var array: [Int]
        var nested: [[String]]
        var dictionary: [String: Int]
        var intKeys: [Int: String]
        var json: JSONValue
        var jsonObject: [String: JSONValue]
        var set: Set<String>
    }

    @Test func everyCodableShapeRoundTrips() throws {
        let value = Everything(
            int: -42, int8: 7, uint64: 1 << 52, float: 1.5, double: 0.1, bool: true, string: "é \"x\"", optional: "here", absent: nil,
            date: start, data: Data([0, 1, 2, 255]), url: URL(string: "https://example.com/a?b=c")!, kind: .two,
            array: [1, 2, 3], nested: [["a"], [], ["b", "c"]], dictionary: ["x": 1], intKeys: [1: "one", 2: "two"],
            json: ["deep": [1, nil, ["k": false]]], jsonObject: ["a": "b"], set: ["s"]
        )
        let encoded = try JSONValueEncoder().encode(value)
        #expect(encoded["date"] == "2026-11-21T05:20:00.000Z")
        #expect(encoded["data"] == "AAEC/w==")
        #expect(encoded["absent"] == nil)
        #expect(try JSONValueDecoder().decode(Everything.self, from: encoded) == value)
        #expect(try JSONValueDecoder().decode(Everything.self, from: encoded.serialized(.pretty)) == value)
    }

    @Test func decodingErrorsNameThePath() throws {
        struct Inner: Decodable { var count: Int }
        struct Outer: Decodable { var items: [Inner] }
        #expect {
            try JSONValueDecoder().decode(Outer.self, from: ["items": [["count": 1], ["count": "two"]]])
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["items", "Index 1", "count"]
        }
        #expect {
            try JSONValueDecoder().decode(Outer.self, from: ["items": [["total": 1]]])
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "count"
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: JSONValue.number(1.5)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: Array("{".utf8)) }
    }

    @Test func encodingRefusesWhatJSONCannotHold() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(UInt64.max) }
    }

    @Test func jsonValueDecodesThroughOrdinaryDecoders() throws {
        let text = #"{"a":[1,2.5,"x",true,false,null,{"b":{}}],"c":"d"}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == (try JSONValue(parsing: text)))
        #expect(value["a"] == [1, 2.5, "x", true, false, nil, ["b": .object([:])]])
    }
}
