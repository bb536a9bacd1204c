import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

@testable import TelltaleCapture

/// The inspector's server side: the live stream, a stored event by id, and events checked
/// against a tracking plan as they arrive.
@Suite(.tags(.medium))
struct InspectorStreamTests {
    /// `purchase` needs a numeric `value`; nothing else is planned.
    static let trackingPlan: TrackingPlanCheck = {
        var library = JSONSchemaLibrary()
        let schema = #"{ "type": "object", "required": ["value"], "properties": { "value": { "type": "number" } } }"#
        library.add(try! JSONSchemaDocument(json: schema, uri: "file:///plan/purchase.json", file: "purchase.json"))
        let params = library.schema(in: "file:///plan/purchase.json")!
        return try! TrackingPlanCheck(catalog: EventCatalog(events: [CatalogEvent(name: "purchase", paramsSchema: params)]))
    }()

    @Test func aPageIsReplayedWhatIsInMemoryThenSeesEachEventLive() async throws {
        try await CaptureHarness.with { harness in
            _ = try await harness.post("/events", json: #"{"name":"before"}"#)
            let reader = try SSEReader(port: harness.base.port!)
            let first = await reader.read(captures: 1)
            #expect(first.names.first == "hello")
            #expect(first.text.contains(#""name":"before""#))
            _ = try await harness.post(
                "/s/w1/v1/track", json: #"{"userId":"u","event":"Live","properties":{"html":"<img src=x onerror=alert(1)>"}}"#,
                headers: ["Authorization": "Basic d2s6"])
            let live = await reader.read(captures: 2)
            #expect(live.ids == ["00000001", "00000002"])
            #expect(live.text.contains(#""source":"segment""#) && live.text.contains("Live"))
        }
    }

    @Test func aReconnectingPageGetsOnlyWhatItMissed() async throws {
        try await CaptureHarness.with { harness in
            for name in ["a", "b", "c"] { _ = try await harness.post("/events", json: #"{"name":"\#(name)"}"#) }
            let reader = try SSEReader(port: harness.base.port!, lastEventID: "00000002")
            let replay = await reader.read(captures: 1)
            #expect(replay.ids == ["00000003"])
        }
    }

    @Test func resetsAndBadCapturesReachThePage() async throws {
        try await CaptureHarness.with { harness in
            let reader = try SSEReader(port: harness.base.port!)
            _ = await reader.read(captures: 0)
            _ = try await harness.post("/events", json: "{oops")
            _ = try await harness.post("/events", json: #"{"name":"x"}"#)
            _ = try await harness.post("/_telltale/reset", json: "")
            _ = try await harness.post("/events", json: #"{"name":"y"}"#)
            let seen = await reader.read(captures: 2)
            #expect(seen.names.filter { $0 != "hello" } == ["bad", "capture", "reset", "capture"], "\(seen.text)")
        }
    }

    @Test func eventsAreCheckedAgainstTheTrackingPlanAsTheyArrive() async throws {
        try await CaptureHarness.with(trackingPlan: Self.trackingPlan) { harness in
            _ = try await harness.post("/events", json: #"{"name":"purchase","params":{"value":9.5}}"#)
            _ = try await harness.post("/events", json: #"{"name":"purchase","params":{"value":"9.5"}}"#)
            _ = try await harness.post("/events", json: #"{"name":"signup"}"#)
            let bad = try await harness.send("GET", "/_telltale/events?valid=false")
            let events = try #require(bad.json?["events"]?.arrayValue)
            #expect(events.map { $0["id"]?.stringValue } == ["00000002", "00000003"])
            let kinds = events.compactMap { $0["check"]?["violations"]?.arrayValue?.first?["kind"]?.stringValue }
            #expect(kinds == ["typeMismatch", "unplannedEvent"])
            #expect(events.first?["check"]?["violations"]?.arrayValue?.first?["path"]?.stringValue == "value")
            let good = try await harness.send("GET", "/_telltale/events/00000001")
            #expect(good.json?["check"]?["valid"] == .bool(true))
            #expect(harness.store.violatingEventCount == 2)
        }
    }

    @Test func aStoredEventIsFoundByItsID() async throws {
        try await CaptureHarness.with { harness in
            _ = try await harness.post("/events", json: #"{"name":"one","params":{"n":1}}"#)
            let found = try await harness.send("GET", "/_telltale/events/00000001")
            #expect(found.status == 200)
            #expect(found.json?["name"]?.stringValue == "one")
            #expect(found.json?["check"] == nil)
            #expect(try await harness.send("GET", "/_telltale/events/00000099").status == 404)
            let page = try await harness.send("GET", "/_telltale/ui")
            #expect(page.status == 200 && page.text.contains("<html"))
        }
    }

    @Test func maxEventsKeepsTheNewestAndTheLogKeepsAll() async throws {
        try await CaptureHarness.with(maxEvents: 3) { harness in
            for number in 1...5 { _ = try await harness.post("/events", json: #"{"name":"e\#(number)"}"#) }
            #expect(await harness.events().map(\.name) == ["e3", "e4", "e5"])
            #expect(harness.store.query(EventFilter(name: "e1")).isEmpty)
            #expect(harness.store.query(EventFilter(name: "e4")).count == 1)
            #expect(try await harness.send("GET", "/_telltale/events/00000001").status == 404)
            let logged = try String(contentsOfFile: harness.logPath, encoding: .utf8).split(separator: "\n")
            #expect(logged.count == 5)
        }
    }

    /// 100 pages open while events arrive as fast as four senders can post them (batches of
    /// 100, above 10,000 events/s in a release build): every page sees every event, once, in order.
    @Test(.tags(.large)) func aHundredPagesEachSeeEveryEvent() async throws {
        let total = 4_000
        try await CaptureHarness.with { harness in
            let pages = try (0..<100).map { _ in try SSEReader(port: harness.base.port!) }
            for page in pages { _ = await page.read(captures: 0) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for sender in 0..<4 {
                    group.addTask {
                        for batch in 0..<(total / 400) {
                            let events = (0..<100).map { #"{"name":"e","params":{"n":\#(sender * total / 4 + batch * 100 + $0)}}"# }
                            _ = try await harness.post("/events", json: "[" + events.joined(separator: ",") + "]")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let seen = await withTaskGroup(of: [Int].self) { group in
                for page in pages { group.addTask { await page.read(captures: total).captureIDs } }
                var all: [[Int]] = []
                for await ids in group { all.append(ids) }
                return all
            }
            #expect(seen.count == 100)
            #expect(seen.allSatisfy { $0 == Array(1...total) }, "a page missed or repeated an event")
        }
    }
}
