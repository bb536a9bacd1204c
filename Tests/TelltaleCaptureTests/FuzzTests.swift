import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// Malformed, truncated, huge and wrongly typed bodies on every route: a 4xx with a reason,
/// a bad capture kept, never a crash, and the server keeps serving. Loops are bounded.
@Suite(.tags(.medium))
struct FuzzTests {
    static let routes = [
        "/events", "/v1/track", "/v1/identify", "/v1/page", "/v1/screen", "/v1/group", "/v1/alias", "/v1/batch", "/v1/b",
        "/mp/collect", "/track", "/engage", "/import", "/2/httpapi", "/batch", "/com.snowplowanalytics.snowplow/tp2",
    ]

    static let validBodies = [
        #"{"name":"x","params":{"a":[1,2,{"b":null}]}}"#,
        #"{"userId":"u","event":"E","properties":{"k":"v"},"writeKey":"w","batch":[{"type":"track","userId":"u","event":"E"}]}"#,
        #"{"client_id":"1","events":[{"name":"purchase","params":{"v":1}}]}"#,
        #"[{"event":"E","properties":{"distinct_id":"d"}}]"#,
        #"{"api_key":"k","events":[{"user_id":"u","event_type":"E"}]}"#,
        #"{"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[{"e":"se","se_ca":"c","se_ac":"a"}]}"#,
    ]

    static let hostile: [String] = [
        "", " ", "{", "[", "}", "null", "true", "42", "\"str\"", "[]", "{}", "[[[[", "{\"name\":", "{\"name\":\"x\"",
        "{\"name\": 1}", "{\"name\":\"x\",\"params\":[]}", "{\"events\":{}}", "{\"batch\":\"no\"}", "{\"events\":[1,2]}",
        "{\"data\":[{\"e\":5}]}", "{\"api_key\":\"k\",\"events\":[{\"event_type\":null}]}", "\u{0}\u{1}\u{2}", "\\u0000",
        "{\"a\":\"\\ud800\"}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{'a':1}", "[1,]", "{\"a\":1,}", "\u{FEFF}{}",
        String(repeating: "[", count: 5000), String(repeating: "{\"a\":", count: 3000), "data=%%%", "data=!!!!",
        "{\"schema\":\"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4\",\"data\":[{\"e\":\"ue\",\"ue_px\":\"@@@\"}]}",
    ]

    @Test func hostileBodiesGetFourHundredsAndTheServerKeepsServing() async throws {
        try await CaptureHarness.with { capture async throws in
            var requests = 0
            for route in Self.routes {
                var bodies = Self.hostile
                // Every valid body cut short at a few points: truncated JSON.
                for valid in Self.validBodies {
                    for cut in stride(from: 1, to: valid.utf8.count, by: max(1, valid.utf8.count / 7)) {
                        bodies.append(String(decoding: Array(valid.utf8.prefix(cut)), as: UTF8.self))
                    }
                }
                for body in bodies {
                    let reply = try await capture.send("POST", route, body: Data(body.utf8), headers: ["Authorization": "Basic d2s6"])
                    #expect((400..<500).contains(reply.status), "\(route) answered \(reply.status) to \(body.prefix(60))")
                    requests += 1
                }
            }
            // Every refusal was kept.
            #expect(capture.store.badCount == requests)
            #expect(try await capture.post("/events", json: #"{"name":"still_alive"}"#).status == 200)
        }
    }

    @Test func wronglyTypedFieldsAreRefusedWithAReason() async throws {
        try await CaptureHarness.with { capture async throws in
            let cases: [(String, String, String)] = [
                ("/events", #"{"name":"x","params":"no"}"#, "params must be an object"),
                ("/v1/track", #"{"writeKey":"w","userId":"u","event":"E","properties":[1]}"#, "properties must be an object"),
                (
                    "/2/httpapi", #"{"api_key":"k","events":[{"user_id":"u","event_type":"E","event_properties":3}]}"#,
                    "event_properties must be an object"
                ),
                (
                    "/com.snowplowanalytics.snowplow/tp2",
                    #"{"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[{"e":"se","se_ca":"c","se_ac":"a","se_va":"lots"}]}"#,
                    "se_va must be a number"
                ),
                ("/track", #"[{"event":"E","properties":"p"}]"#, "properties must be an object"),
            ]
            for (route, body, reason) in cases {
                let reply = try await capture.post(route, json: body)
                #expect(reply.status == 400, "\(route)")
                #expect(reply.json?["error"]?.stringValue?.contains(reason) == true, "\(route): \(reply.text)")
            }
        }
    }

    @Test func oversizedBodiesAndGzipBombsAreRefused() async throws {
        try await CaptureHarness.with(maxBodySize: 64 * 1024) { capture async throws in
            let huge = Data(("{\"name\":\"x\",\"params\":{\"pad\":\"" + String(repeating: "a", count: 200 * 1024) + "\"}}").utf8)
            for route in Self.routes {
                #expect(try await capture.send("POST", route, body: huge).status == 413, "\(route)")
            }
            let bomb = try await Gzip.compress(huge)
            #expect(bomb.count < 64 * 1024)
            #expect(try await capture.send("POST", "/events", body: bomb, headers: ["Content-Encoding": "gzip"]).status == 413)
            #expect(
                try await capture.send("POST", "/events", body: Data([0x1F, 0x8B, 1, 2, 3]), headers: ["Content-Encoding": "gzip"]).status == 400)
            #expect(try await capture.send("POST", "/events", body: Data("{}".utf8), headers: ["Content-Encoding": "br"]).status == 415)
            let bad = capture.store.bad()
            #expect(bad.allSatisfy { $0.reason.contains("limit") || $0.status != 413 })
            #expect(try await capture.post("/events", json: #"{"name":"still_alive"}"#).status == 200)
        }
    }

    @Test func wrongMethodsAndUnknownPaths() async throws {
        try await CaptureHarness.with { capture async throws in
            #expect(try await capture.send("GET", "/events", contentType: nil).status == 405)
            #expect(try await capture.send("POST", "/nowhere").status == 404)
            #expect(try await capture.send("POST", "/i").status == 405)
            #expect(try await capture.send("GET", "/i", contentType: nil).status == 400)
            #expect(try await capture.send("POST", "/_telltale/wait", body: Data("{\"count\":\"x\"}".utf8)).status == 400)
        }
    }

    @Test(.tags(.small)) func randomBytesNeverCrashTheParsers() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("{}[]\",:0123456789.-eE truefalsnul\\u".utf8)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<64, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let request = IngestRequest(method: "POST", path: "/", query: [:], contentType: "application/json", authorization: nil, body: Data(bytes))
            for route in Self.routes.compactMap(IngestRoute.match(path:)) { _ = try? route.decode(request) }
        }
    }
}
