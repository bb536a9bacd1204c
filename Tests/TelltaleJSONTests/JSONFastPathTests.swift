import TelltaleJSON
import TelltaleTestSupport
import Testing

/// The engine's hooks for types that read and write themselves (the model's `Event`): the
/// decoder hands such a type its object, errors keep their coding path, and `serialize` takes
/// the type's own bytes.
@Suite(.tags(.small))
struct JSONFastPathTests {
    struct Point: Codable, Equatable, JSONObjectDecodable, JSONBytesWritable {
        enum CodingKeys: String, CodingKey { case x, y }
        var x: Int
        var y: Int?

        init(x: Int, y: Int?) {
            self.x = x
            self.y = y
        }

        init(from decoder: any Decoder) throws {
            Issue.record("a JSONObjectDecodable type was decoded through Decoder")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(x: try container.decode(Int.self, forKey: .x), y: try container.decodeIfPresent(Int.self, forKey: .y))
        }

        init(json object: JSONObjectReader) throws {
            self.init(x: try object.decode(CodingKeys.x), y: try object.decodeIfPresent(CodingKeys.y))
        }

        func appendJSON(to output: inout [UInt8]) {
            output += Array("{\"x\":\(x),\"y\":\(y.map(String.init) ?? "null"),\"fast\":true}".utf8)
        }
    }

    @Test func theDecoderHandsTheTypeItsObject() throws {
        let points = try JSONValueDecoder().decode([Point].self, from: [["x": 1], ["x": 2, "y": nil], ["x": 3, "y": 4]])
        #expect(points == [Point(x: 1, y: nil), Point(x: 2, y: nil), Point(x: 3, y: 4)])
    }

    @Test func errorsKeepTheirCodingPath() throws {
        do {
            _ = try JSONValueDecoder().decode([String: [Point]].self, from: ["line": [["x": 1], ["x": "one"]]])
            Issue.record("a string decoded as an Int")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["line", "Index 1", "x"])
        }
        do {
            _ = try JSONValueDecoder().decode([Point].self, from: [["y": 1]])
            Issue.record("a point without x decoded")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "x")
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Point.self, from: [1, 2]) }
    }

    @Test func compactSerializationTakesTheTypesOwnBytes() throws {
        let point = Point(x: 1, y: 2)
        #expect(String(decoding: try JSONValueEncoder().serialize(point), as: UTF8.self) == #"{"x":1,"y":2,"fast":true}"#)
        // Pretty output has no fast form: it goes through the tree.
        #expect(String(decoding: try JSONValueEncoder().serialize(point, JSONFormatting(pretty: true)), as: UTF8.self).contains("\n"))
    }
}
