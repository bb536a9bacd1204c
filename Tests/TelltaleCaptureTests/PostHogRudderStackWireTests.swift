import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// PostHog's and RudderStack's routes, with bodies shaped as their SDKs and docs send them
/// (the SDKs themselves run in `VendorSDKTests`), against a real server.
@Suite(.tags(.medium))
struct PostHogRudderStackWireTests {
    static let rudderAuth = ["Authorization": "Basic " + Data("rs_write_key:".utf8).base64EncodedString()]
    static let form = "application/x-www-form-urlencoded"

    @Test func postHogEveryRouteAndBodyShape() async throws {
        try await CaptureHarness.with { capture async throws in
            let single = #"{"api_key":"phc","event":"signed_up","distinct_id":"u1","properties":{"plan":"pro"},"timestamp":"2024-05-01T12:00:00Z"}"#
            let reply = try await capture.post("/s/p/capture/", json: single)
            #expect(reply.status == 200 && reply.text == #"{"status":1}"#)
            // posthog-js: an array, the token in each event's properties, on /e/ and /i/v0/e/.
            let webEvent = #"[{"event":"$pageview","properties":{"token":"phc","distinct_id":"anon-1","$current_url":"https://x.test/"}}]"#
            #expect(try await capture.post("/s/p/e/", json: webEvent).status == 200)
            // compression=gzip-js: the gzip bytes as the body, text/plain, no Content-Encoding.
            let gzipped = try await Gzip.compress(Data(webEvent.utf8))
            #expect(
                try await capture.send("POST", "/s/p/i/v0/e/?compression=gzip-js&ver=1.200.0", body: gzipped, contentType: "text/plain").status == 200
            )
            // Content-Encoding gzip, as the server SDKs send a batch.
            let batch =
                #"{"api_key":"phc","batch":[{"event":"a","distinct_id":"u1","$set":{"email":"a@b.c"}},{"event":"b","properties":{"$distinct_id":"u2"}}]}"#
            let zipped = try await Gzip.compress(Data(batch.utf8))
            #expect(try await capture.send("POST", "/s/p/batch/", body: zipped, headers: ["Content-Encoding": "gzip"]).status == 200)
            // data= as base64 JSON in a form (a + that became a space still decodes), and in a GET's query.
            let encoded = Data(#"{"event":"clicked","properties":{"distinct_id":"u3","token":"phc","label":"~~~"}}"#.utf8).base64EncodedString()
            #expect(encoded.contains("+"))
            let formBody = "data=" + encoded.replacingOccurrences(of: "+", with: " ") + "&compression=base64"
            #expect(try await capture.send("POST", "/s/p/e", body: Data(formBody.utf8), contentType: Self.form).status == 200)
            let query = encoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            #expect(try await capture.send("GET", "/s/p/capture?data=\(query)", contentType: nil).status == 200)

            let events = await capture.events(session: "p")
            #expect(events.map(\.name) == ["signed_up", "$pageview", "$pageview", "a", "b", "clicked", "clicked"])
            #expect(events.allSatisfy { $0.source == .posthog })
            #expect(events[0].params == ["plan": "pro"])
            #expect(events[0].raw["timestamp"] == "2024-05-01T12:00:00Z" && events[0].raw["distinct_id"] == "u1")
            #expect(events[1].params["$current_url"] == "https://x.test/" && events[2].params == events[1].params)
            #expect(events[3].params == ["$set": ["email": "a@b.c"]])
            #expect(events[5].params["label"] == "~~~" && events[6].params == events[5].params)
            #expect(capture.store.bad().isEmpty)
        }
    }

    @Test func postHogRefusalsAreKept() async throws {
        try await CaptureHarness.with { capture async throws in
            let noKey = try await capture.post("/batch/", json: #"{"batch":[{"event":"a","distinct_id":"u1"}]}"#)
            #expect(noKey.status == 401 && noKey.text.contains("API key"))
            let noDistinct = try await capture.post("/capture/", json: #"{"api_key":"phc","event":"a","properties":{}}"#)
            #expect(noDistinct.status == 400 && noDistinct.text.contains("distinct_id"))
            let noName = try await capture.post("/e/", json: #"[{"properties":{"token":"phc","distinct_id":"u1"}}]"#)
            #expect(noName.status == 400 && noName.text.contains("event"))
            let notBase64 = try await capture.send("POST", "/e/", body: Data("data=%%%".utf8), contentType: Self.form)
            #expect(notBase64.status == 400)
            #expect(capture.store.bad().count == 4)
            // Without its slash, /batch stays Amplitude's.
            let amplitude = try await capture.post("/batch", json: #"{"api_key":"k","batch":[{"event":"a","distinct_id":"u1"}]}"#)
            #expect(amplitude.status == 400 && amplitude.text.contains("missing_field: events"))
            #expect(capture.store.count == 0)
        }
    }

    /// compression=lz64: bodies compressed by lz-string's Python port (`lzstring`, the algorithm
    /// posthog-js used), from short to long enough to grow the code width several times, with
    /// non-ASCII characters (not astral ones: the port writes code points, not JavaScript's
    /// UTF-16 units, so it cuts them; the decoder reads units, as the original writes them).
    @Test func postHogLZ64BodiesFromARealEncoder() async throws {
        let samples = [
            "a", "ümlaut ✓ ∑ – ß", String(repeating: "abcabcabd", count: 40),
            (0..<400).map { "k\($0 % 37)=\($0 * 7919 % 1000)" }.joined(separator: ","),
        ]
        let payloads = samples.map { text in
            JSONValue.object(["event": "lz", "properties": ["token": "phc", "distinct_id": "u1", "text": .string(text)]]).compactText
        }
        let encoded = try await Self.lzBase64(payloads)
        try #require(encoded.count == payloads.count)
        for (payload, text) in zip(payloads, encoded) {
            #expect(try LZString.decompress(base64: text, limit: 1 << 20) == payload)
        }
        #expect(throws: LZString.LZStringError.malformed) { try LZString.decompress(base64: "", limit: 1 << 20) }
        #expect(throws: LZString.LZStringError.malformed) { try LZString.decompress(base64: String(encoded[3].prefix(20)), limit: 1 << 20) }
        // A bomb: 2 MiB of one letter fits in a few kilobytes.
        let bomb = try #require(try await Self.lzBase64([String(repeating: "a", count: 2 << 20)]).first)
        #expect(bomb.utf8.count < 20_000)
        try await CaptureHarness.with { capture async throws in
            for text in encoded + [bomb] {
                let body = "data=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "&compression=lz64"
                let status = try await capture.send("POST", "/e/", body: Data(body.utf8), contentType: Self.form).status
                #expect(status == (text == bomb ? 413 : 200))
            }
            let events = await capture.events()
            #expect(events.map { $0.params["text"]?.stringValue } == samples)
            #expect(capture.store.bad().map(\.status) == [413])
        }
    }

    @Test func rudderStackCallsUnderItsPrefix() async throws {
        try await CaptureHarness.with { capture async throws in
            let auth = Self.rudderAuth
            let track = #"{"userId":"u1","event":"Order Completed","properties":{"revenue":9},"channel":"web","timestamp":"2024-05-01T12:00:00Z"}"#
            let reply = try await capture.post("/s/r/rudderstack/v1/track", json: track, headers: auth)
            #expect(reply.status == 200 && reply.text == "OK")
            _ = try await capture.post(
                "/s/r/rudderstack/v1/identify", json: #"{"anonymousId":"a1","context":{"traits":{"email":"a@b.c"}}}"#, headers: auth)
            _ = try await capture.post(
                "/s/r/rudderstack/v1/page", json: #"{"anonymousId":"a1","name":"Home","properties":{"path":"/"}}"#, headers: auth)
            _ = try await capture.post("/s/r/rudderstack/v1/screen", json: #"{"userId":"u1","name":"Cart"}"#, headers: auth)
            _ = try await capture.post("/s/r/rudderstack/v1/group", json: #"{"userId":"u1","groupId":"g1","traits":{"plan":"team"}}"#, headers: auth)
            _ = try await capture.post("/s/r/rudderstack/v1/alias", json: #"{"previousId":"a1","userId":"u1"}"#, headers: auth)
            let batch = #"{"batch":[{"type":"track","userId":"u1","event":"Viewed"},{"type":"identify","userId":"u2","traits":{"n":1}}]}"#
            #expect(try await capture.post("/s/r/rudderstack/v1/batch", json: batch, headers: auth).status == 200)
            let events = await capture.events(session: "r")
            #expect(events.map(\.name) == ["Order Completed", "identify", "page", "screen", "group", "alias", "Viewed", "identify"])
            #expect(events.allSatisfy { $0.source == .rudderstack })
            #expect(events[0].params == ["revenue": 9] && events[0].raw["timestamp"] == "2024-05-01T12:00:00Z")
            #expect(events[1].params == ["email": "a@b.c"] && events[1].raw["anonymousId"] == "a1")
            #expect(events[7].params == ["n": 1])

            // The write key only as the HTTP Basic user, as RudderStack's gateway wants it.
            let inBody = try await capture.post("/rudderstack/v1/track", json: #"{"writeKey":"k","userId":"u1","event":"x"}"#)
            #expect(inBody.status == 401 && inBody.text.contains("writeKey"))
            #expect(try await capture.post("/rudderstack/v1/b", json: batch, headers: auth).status == 404)
            #expect(capture.store.bad().count == 1)
        }
    }

    /// Segment's paths stay Segment's, even for a body with RudderStack's fields.
    @Test func segmentPathsStaySegments() async throws {
        try await CaptureHarness.with { capture async throws in
            let rudderish =
                #"{"userId":"u1","event":"x","channel":"web","rudderId":"r1","context":{"library":{"name":"RudderLabs JavaScript SDK"},"traits":{"t":1}}}"#
            let reply = try await capture.post("/v1/track", json: rudderish, headers: Self.rudderAuth)
            #expect(reply.text == #"{"success":true}"#)
            _ = try await capture.post("/v1/identify", json: #"{"userId":"u1","context":{"traits":{"t":1}}}"#, headers: Self.rudderAuth)
            let events = await capture.events()
            #expect(events.map(\.source) == [.segment, .segment])
            #expect(events[1].params == [:])  // Segment's identify reads `traits` only, as before
        }
    }

    /// lz-string's `compressToBase64` of each payload, by the Python port.
    static func lzBase64(_ payloads: [String]) async throws -> [String] {
        let script = """
            import json, sys, lzstring
            for text in json.load(sys.stdin):
                print(lzstring.LZString().compressToBase64(text))
            """
        let input = try JSONEncoder().encode(payloads)
        let result = try await ChildProcesses.run("python3", ["-c", script], input: input)
        try #require(result.status == 0, "python: \(result.stderrText)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }
}
