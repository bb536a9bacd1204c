import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The query and control API under /_telltale/, over HTTP.
@Suite(.tags(.medium))
struct ControlAPITests {
    @Test func waitWakesWhenTheEventArrives() async throws {
        try await CaptureHarness.with { capture async throws in
            async let waited = capture.post(
                "/_telltale/wait", json: #"{"session":"w1","name":"purchase","params":{"currency":"USD"},"count":2,"timeout":20}"#)
            // The wait is registered before the events come: it needs both to answer.
            while capture.store.count == 0 {
                _ = try await capture.post("/s/w1/events", json: #"{"name":"warmup"}"#)
            }
            _ = try await capture.post(
                "/s/w1/events", json: #"[{"name":"purchase","params":{"currency":"USD","value":1}},{"name":"purchase","params":{"currency":"USD"}}]"#)
            let reply = try await waited
            #expect(reply.json?["matched"] == true)
            #expect(reply.json?["count"] == 2)
        }
    }

    @Test func timeoutAnswersWithTheNearestMisses() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.post(
                "/s/w1/events",
                json: #"[{"name":"purchase","params":{"currency":"EUR"}},{"name":"purchased","params":{"currency":"USD"}},{"name":"logout"}]"#)
            _ = try await capture.post("/s/w2/events", json: #"{"name":"purchase","params":{"currency":"USD"}}"#)
            let reply = try await capture.post("/s/w1/_telltale/wait", json: #"{"name":"purchase","params":{"currency":"USD"},"timeout":0.05}"#)
            #expect(reply.json?["matched"] == false)
            // Ranked as plan failures rank them (`EventMatcher`): the same name first, then the
            // share of params that match, then how alike the name is.
            let misses = try #require(reply.json?["nearestMisses"]?.arrayValue)
            #expect(misses.count == 3)
            #expect(misses.map { $0["name"] } == ["purchase", "purchased", "logout"])
            #expect(misses.first?["sameName"] == true)
            #expect(misses.first?["differences"]?.arrayValue?.first?["path"] == "currency")
            #expect(misses.first?["differences"]?.arrayValue?.first?["actual"] == #""EUR" (string)"#)
            #expect(misses[1]["sameName"] == false)
            #expect(misses[1]["matchedParams"] == 1)
        }
    }

    @Test func testMarkersAttributeEventsAndFiltersFindThem() async throws {
        try await CaptureHarness.with { capture async throws in
            #expect(try await capture.send("POST", "/s/w1/_telltale/tests/begin?test=Shop.CartTests/testAdd").status == 200)
            _ = try await capture.post("/s/w1/events", json: #"{"name":"cart_add"}"#)
            _ = try await capture.post("/s/w2/events", json: #"{"name":"cart_add"}"#)
            #expect(try await capture.send("POST", "/_telltale/tests/end?session=w1").json?["ended"] == "Shop.CartTests/testAdd")
            _ = try await capture.post("/s/w1/events", json: #"{"name":"cart_add"}"#)
            let events = await capture.events()
            #expect(events.map { $0.test?.rawValue } == ["Shop.CartTests/testAdd", nil, nil])
            let byTest = try await capture.send("GET", "/_telltale/events?test=Shop.CartTests/testAdd", contentType: nil)
            #expect(byTest.json?["events"]?.arrayValue?.count == 1)
            let bySession = try await capture.send("GET", "/s/w2/_telltale/events?name=cart_add&source=telltale", contentType: nil)
            #expect(bySession.json?["events"]?.arrayValue?.count == 1)
        }
    }

    @Test func resetForgetsOneSessionOrAll() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.post("/s/w1/events", json: #"[{"name":"a"},{"name":"b"}]"#)
            _ = try await capture.post("/s/w2/events", json: #"{"name":"c"}"#)
            #expect(try await capture.send("POST", "/_telltale/reset?session=w1").json?["removed"] == 2)
            #expect(await capture.events().map(\.name) == ["c"])
            #expect(try await capture.send("POST", "/_telltale/reset").json?["removed"] == 1)
            let health = try await capture.send("GET", "/_telltale/health", contentType: nil)
            #expect(health.json?["status"] == "ok" && health.json?["events"] == 0)
        }
    }

    @Test func badCapturesAreListed() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.post("/s/w9/events", json: #"{"params":{}}"#)
            let bad = try await capture.send("GET", "/_telltale/bad?session=w9", contentType: nil)
            let first = try #require(bad.json?["bad"]?.arrayValue?.first)
            #expect(first["status"] == 400)
            #expect(first["path"] == "/events")
            #expect(first["reason"] == #"event needs a non-empty string "name""#)
            #expect(first["bodySample"] == #"{"params":{}}"#)
        }
    }

    /// One date form for stored events and everything the API answers: ISO 8601 with
    /// milliseconds, the same text in the log, a query, a wait and the bad captures.
    @Test func everyAnswerDatesEventsAsTheLogDoes() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.post("/s/w1/events", json: #"{"name":"opened"}"#)
            _ = try await capture.post("/s/w1/events", json: #"{"params":{}}"#)
            let line = try #require(try String(contentsOfFile: capture.logPath, encoding: .utf8).split(separator: "\n").first)
            let logged = try #require(try JSONValue(parsing: String(line))["receivedAt"]?.stringValue)
            #expect(logged.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(logged)")
            let queried = try await capture.send("GET", "/_telltale/events?session=w1", contentType: nil)
            #expect(queried.json?["events"]?.arrayValue?.first?["receivedAt"]?.stringValue == logged)
            let waited = try await capture.post("/_telltale/wait", json: #"{"session":"w1","name":"opened","timeout":1}"#)
            #expect(waited.json?["events"]?.arrayValue?.first?["receivedAt"]?.stringValue == logged)
            let bad = try await capture.send("GET", "/_telltale/bad?session=w1", contentType: nil)
            let refused = try #require(bad.json?["bad"]?.arrayValue?.first?["receivedAt"]?.stringValue)
            #expect(refused.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(refused)")
        }
    }
}
