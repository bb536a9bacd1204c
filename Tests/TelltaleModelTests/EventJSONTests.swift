import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// An event's JSON, the contract's shape, through both of the engine's roads: the tree
/// (`Encodable`/`Decodable`) and the event's own fast writer and reader.
@Suite(.tags(.small))
struct EventJSONTests {
    let start = Date(timeIntervalSince1970: 1_795_238_400)  // 2026-11-21T05:20:00Z

    @Test func eventsKeepTheContractShape() throws {
        let event = Event(
            id: "e1", receivedAt: start.addingTimeInterval(0.125), session: "s1", test: nil, source: .segment,
            name: "checkout", params: ["total": 12.5, "items": [["sku": "A1"]]], raw: ["event": "checkout", "n": 3]
        )
        let text = try JSONValueEncoder().encode(event).jsonText()
        #expect(
            text
                == #"{"id":"e1","name":"checkout","params":{"items":[{"sku":"A1"}],"total":12.5},"raw":{"event":"checkout","n":3},"receivedAt":"2026-11-21T05:20:00.125Z","session":"s1","source":"segment","test":null}"#
        )
        #expect(try JSONValueDecoder().decode(Event.self, from: Array(text.utf8)) == event)
        var direct: [UInt8] = []
        event.appendJSON(to: &direct)
        #expect(String(decoding: direct, as: UTF8.self) == text)
        #expect(try JSONValueEncoder().serialize(event) == direct)
        // Foundation's own decoder, as other tools reading events.jsonl would use it.
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        #expect(
            try foundation.decode(
                Event.self,
                from: Data(#"{"id":"e1","receivedAt":"2026-11-21T05:20:00Z","session":"s","source":"ga4","name":"n","params":{},"raw":null}"#.utf8)
            ).test == nil)

        var attributed = event
        attributed.test = TestID("Mod.Suite/test()")
        let value = try JSONValueEncoder().encode(attributed)
        #expect(value["test"] == "Mod.Suite/test()")
        #expect(try JSONValueDecoder().decode(Event.self, from: value) == attributed)
        direct = []
        attributed.appendJSON(to: &direct)
        #expect(direct == value.serialized())
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Event.self, from: ["id": "x"]) }

        // A retried test's event keeps its attempt: written first (keys sorted), read back on both roads.
        var retried = attributed
        retried.attempt = 2
        let retriedText = try JSONValueEncoder().encode(retried).jsonText()
        #expect(retriedText.hasPrefix(#"{"attempt":2,"id":"e1","#))
        direct = []
        retried.appendJSON(to: &direct)
        #expect(String(decoding: direct, as: UTF8.self) == retriedText)
        #expect(try JSONValueDecoder().decode(Event.self, from: Array(retriedText.utf8)) == retried)
        #expect(try foundation.decode(Event.self, from: Data(retriedText.utf8)).attempt == 2)
    }

    @Test func aBadEventInARecordIsNamedByItsPath() throws {
        func event(receivedAt: String) -> JSONValue {
            ["id": "e1", "receivedAt": .string(receivedAt), "session": "s", "source": "segment", "name": "n", "params": [:], "raw": nil]
        }
        let good = event(receivedAt: "2026-11-21T05:20:00.125Z")
        let bad = event(receivedAt: "yesterday")
        #expect(try JSONValueDecoder().decode([Event].self, from: [good, good]).count == 2)
        do {
            _ = try JSONValueDecoder().decode([Event].self, from: [good, bad])
            Issue.record("an event with a date that is not ISO 8601 decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "receivedAt"])
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Event.self, from: ["id": "x"]) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Event.self, from: "not an object") }
    }
}
