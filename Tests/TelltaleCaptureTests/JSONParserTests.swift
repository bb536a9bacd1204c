import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

@Suite(.tags(.small))
struct JSONParserTests {
    @Test func parsesWhatJSONDecoderParses() throws {
        let text = #"{"a":[1,-2.5e3,true,false,null],"b":{"c":"\u00e9\n\"q\"\ud83d\ude00"},"d":0}"#
        let parsed = try JSONParser.parse(text)
        #expect(parsed == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
    }

    @Test func explainsWhereItFailed() {
        #expect(throws: CaptureError.badRequest("invalid JSON at byte 7: expected ',' or '}'")) { try JSONParser.parse(#"{"a":1 "b":2}"#) }
        #expect(throws: CaptureError.badRequest("empty body, expected JSON")) { try JSONParser.parse("") }
        #expect(throws: (any Error).self) { try JSONParser.parse(String(repeating: "[", count: 10_000)) }
    }

    @Test func base64InEveryVariant() {
        let text = "{\"ok\":true}>>?"
        let standard = Data(text.utf8).base64EncodedString()
        let variants = [
            standard, standard.replacingOccurrences(of: "=", with: ""),
            standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"),
            standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""),
        ]
        for variant in variants { #expect(Base64.decode(variant).map { String(decoding: $0, as: UTF8.self) } == text) }
    }
}
