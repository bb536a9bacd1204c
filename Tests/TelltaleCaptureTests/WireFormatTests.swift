import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// Every capture route, with payloads shaped as each vendor documents them, against a real server.
@Suite(.tags(.medium))
struct WireFormatTests {
    static let segmentAuth = ["Authorization": "Basic " + Data("wk_test:".utf8).base64EncodedString()]

    @Test func nativeAcceptsOneAnArrayOrAnEnvelope() async throws {
        try await CaptureHarness.with { capture async throws in
            #expect(try await capture.post("/s/w1/events", json: #"{"name":"signup","params":{"plan":"pro"}}"#).status == 200)
            #expect(try await capture.post("/s/w1/events", json: #"[{"name":"a"},{"name":"b","timestamp":"2025-01-01T00:00:00Z"}]"#).status == 200)
            #expect(try await capture.post("/s/w1/events", json: #"{"events":[{"name":"c","params":{"n":1}}]}"#).status == 200)
            let events = await capture.events(session: "w1")
            #expect(events.map(\.name) == ["signup", "a", "b", "c"])
            #expect(events[0].params == ["plan": "pro"])
            #expect(events.allSatisfy { $0.source == .telltale && $0.session == "w1" })
            let log = try String(contentsOfFile: capture.logPath, encoding: .utf8)
            #expect(log.split(separator: "\n").count == 4)
        }
    }

    @Test func segmentCallsAndBatches() async throws {
        try await CaptureHarness.with { capture async throws in
            let auth = Self.segmentAuth
            #expect(
                try await capture.post(
                    "/v1/track", json: #"{"userId":"u1","event":"Order Completed","properties":{"revenue":39.95,"currency":"USD"}}"#, headers: auth
                ).text == #"{"success":true}"#)
            _ = try await capture.post("/v1/identify", json: #"{"userId":"u1","traits":{"email":"a@b.c"}}"#, headers: auth)
            _ = try await capture.post("/v1/page", json: #"{"anonymousId":"a1","name":"Home","properties":{"path":"/"}}"#, headers: auth)
            _ = try await capture.post("/v1/screen", json: #"{"userId":"u1","name":"Cart","properties":{}}"#, headers: auth)
            _ = try await capture.post("/v1/group", json: #"{"userId":"u1","groupId":"g1","traits":{"plan":"team"}}"#, headers: auth)
            _ = try await capture.post("/v1/alias", json: #"{"previousId":"a1","userId":"u1"}"#, headers: auth)
            let batch =
                #"{"writeKey":"wk_test","batch":[{"type":"track","userId":"u1","event":"Product Viewed","properties":{"sku":"X"}},{"type":"identify","userId":"u2","traits":{}}]}"#
            #expect(try await capture.post("/v1/batch", json: batch).status == 200)
            #expect(try await capture.post("/v1/b", json: batch).status == 200)
            let events = await capture.events()
            #expect(
                events.map(\.name) == [
                    "Order Completed", "identify", "page", "screen", "group", "alias", "Product Viewed", "identify", "Product Viewed", "identify",
                ])
            #expect(events[0].params == ["revenue": 39.95, "currency": "USD"])
            #expect(events[2].params == ["path": "/", "name": "Home"])
            #expect(events[4].params == ["plan": "team", "groupId": "g1"])
            #expect(events.allSatisfy { $0.source == .segment })
            // No write key at all: refused and kept.
            #expect(try await capture.post("/v1/track", json: #"{"userId":"u1","event":"x"}"#).status == 401)
            #expect(capture.store.bad().count == 1)
        }
    }

    @Test func ga4CollectAndDebugValidation() async throws {
        try await CaptureHarness.with { capture async throws in
            let body =
                #"{"client_id":"123.456","events":[{"name":"purchase","params":{"currency":"USD","value":9.99}},{"name":"login","params":{"method":"Google"}}]}"#
            #expect(try await capture.post("/mp/collect?measurement_id=G-TEST&api_secret=s", json: body).status == 204)
            let valid = try await capture.post("/debug/mp/collect?measurement_id=G-TEST&api_secret=s", json: body)
            #expect(valid.status == 200 && valid.json == ["validationMessages": []])
            let invalid = try await capture.post(
                "/debug/mp/collect?measurement_id=G-TEST&api_secret=s", json: #"{"client_id":"1","events":[{"name":"_bad name"}]}"#)
            #expect(invalid.status == 200)
            let message = invalid.json?["validationMessages"]?.arrayValue?.first
            #expect(message?["validationCode"] == "NAME_INVALID")
            #expect(message?["fieldPath"] == "events")
            let events = await capture.events()
            #expect(events.map(\.name) == ["purchase", "login", "purchase", "login"])
            #expect(events[0].params == ["currency": "USD", "value": 9.99])
            #expect(capture.store.bad().count == 1)
            #expect(
                try await capture.post("/mp/collect?measurement_id=G-TEST", json: #"{"client_id":"1","events":[{"name":"session_start"}]}"#).status
                    == 400)
        }
    }

    @Test func mixpanelFormsBase64ArraysAndVerbose() async throws {
        try await CaptureHarness.with { capture async throws in
            let event = #"{"event":"Signed Up","properties":{"token":"t","distinct_id":"d1","plan":"Premium"}}"#
            let base64 = Data(event.utf8).base64EncodedString()
            let form = "application/x-www-form-urlencoded"
            #expect(try await capture.send("POST", "/track", body: Data("data=\(base64)".utf8), contentType: form).text == "1")
            let urlSafe = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
            #expect(try await capture.send("GET", "/track?data=\(urlSafe)&verbose=1", contentType: nil).json == ["status": 1, "error": nil])
            let json = event.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(
                try await capture.send("POST", "/track?verbose=1", body: Data("data=\(json)".utf8), contentType: form).json == [
                    "status": 1, "error": nil,
                ])
            #expect(try await capture.post("/track", json: "[\(event),\(event)]").text == "1")
            let imported = try await capture.post("/import", json: "[\(event)]", headers: ["Authorization": "Basic c2VjcmV0Og=="])
            #expect(imported.json?["num_records_imported"] == 1)
            let engage = #"{"$token":"t","$distinct_id":"d1","$set":{"$email":"a@b.c"}}"#
            #expect(
                try await capture.send("POST", "/engage", body: Data("data=\(Data(engage.utf8).base64EncodedString())".utf8), contentType: form).text
                    == "1")
            let events = await capture.events()
            #expect(events.map(\.name) == Array(repeating: "Signed Up", count: 6) + ["$set"])
            #expect(events[0].params["plan"] == "Premium")
            #expect(events[6].params == ["$email": "a@b.c", "$distinct_id": "d1"])
            #expect(events.allSatisfy { $0.source == .mixpanel })
        }
    }

    @Test func amplitudeHTTPAPIAndBatch() async throws {
        try await CaptureHarness.with { capture async throws in
            let body =
                #"{"api_key":"k","events":[{"user_id":"u1","event_type":"Button Clicked","event_properties":{"color":"blue"}},{"device_id":"d1","event_type":"Page Viewed"}]}"#
            let reply = try await capture.post("/2/httpapi", json: body)
            #expect(reply.status == 200 && reply.json?["code"] == 200 && reply.json?["events_ingested"] == 2)
            #expect(try await capture.post("/batch", json: body).json?["events_ingested"] == 2)
            #expect(try await capture.post("/2/httpapi", json: #"{"events":[{"user_id":"u","event_type":"x"}]}"#).status == 400)
            let events = await capture.events()
            #expect(events.map(\.name) == ["Button Clicked", "Page Viewed", "Button Clicked", "Page Viewed"])
            #expect(events[0].params == ["color": "blue"])
        }
    }

    @Test func snowplowPostAndPixel() async throws {
        try await CaptureHarness.with { capture async throws in
            let inner =
                #"{"schema":"iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0","data":{"schema":"iglu:com.acme/link_click/jsonschema/1-0-0","data":{"target":"https://x.test"}}}"#
            let standard = Data(inner.utf8).base64EncodedString()
            let urlSafeUnpadded = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
            let uePr = String(data: try JSONEncoder().encode(inner), encoding: .utf8)!
            let body = """
                {"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[
                {"e":"se","se_ca":"shop","se_ac":"add-to-basket","se_la":"sku-1","se_pr":"red","se_va":"2","p":"web","tv":"py-1.0.0"},
                {"e":"ue","ue_px":"\(standard)","p":"web","tv":"py-1.0.0"},
                {"e":"ue","ue_pr":\(uePr),"p":"web","tv":"py-1.0.0"},
                {"e":"pv","url":"https://x.test/home","page":"Home","refr":"https://r.test","p":"web","tv":"py-1.0.0"}]}
                """
            #expect(try await capture.post("/com.snowplowanalytics.snowplow/tp2", json: body).status == 200)
            let pixel = try await capture.send("GET", "/s/web/i?e=ue&ue_px=\(urlSafeUnpadded)&p=web&tv=js-3", contentType: nil)
            #expect(pixel.status == 200 && pixel.body.starts(with: Data("GIF89a".utf8)))
            let structured = try await capture.send("GET", "/i?e=se&se_ca=video&se_ac=play&se_va=12.5", contentType: nil)
            #expect(structured.status == 200)
            let events = await capture.events()
            #expect(events.map(\.name) == ["add-to-basket", "link_click", "link_click", "page_view", "link_click", "play"])
            #expect(events[0].params == ["category": "shop", "action": "add-to-basket", "label": "sku-1", "property": "red", "value": 2])
            #expect(events[1].params["target"] == "https://x.test")
            #expect(events[3].params == ["url": "https://x.test/home", "title": "Home", "referrer": "https://r.test"])
            #expect(events[4].session == "web")
            #expect(events[5].params["value"] == 12.5)
        }
    }

    @Test func gzipBodiesAreDecompressed() async throws {
        try await CaptureHarness.with { capture async throws in
            let gzipped = try await Gzip.compress(Data(#"{"name":"zipped","params":{"ok":true}}"#.utf8))
            let reply = try await capture.send("POST", "/events", body: gzipped, headers: ["Content-Encoding": "gzip"])
            #expect(reply.status == 200)
            #expect(await capture.events().first?.params == ["ok": true])
        }
    }

    @Test func everyRouteTakesTheSessionPrefix() async throws {
        for path in [
            "/events", "/v1/track", "/mp/collect", "/track", "/2/httpapi", "/com.snowplowanalytics.snowplow/tp2", "/i", "/v1/batch", "/batch",
            "/engage", "/import", "/debug/mp/collect", "/v1/b",
        ] {
            #expect(IngestRoute.match(path: path) != nil, "\(path)")
            #expect(CaptureTarget.split("/s/abc" + path) == ("abc", path))
        }
    }
}
