import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The wire formats' registry: one entry per format, each path owned once, every format's
/// events stored under its registered source, and only registered sources accepted as filters.
@Suite(.tags(.medium))
struct IngestFormatTests {
    @Test func eachSourceAndEachPathIsRegisteredOnce() {
        let sources = IngestFormat.registered.map(\.source)
        #expect(Set(sources).count == sources.count, "\(sources)")
        let paths = IngestFormat.registered.flatMap { $0.routes.map(\.path) }
        let claimed = Dictionary(grouping: paths) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(claimed.isEmpty, "paths two routes claim: \(claimed)")
        #expect(paths.allSatisfy { $0.hasPrefix("/") && !$0.hasPrefix("/_telltale") && !$0.hasPrefix("/s/") })
        #expect(IngestRoute.byPath.count == paths.count)
    }

    /// A request to a format's route is stored under the format's source, whatever route of it
    /// the SDK chose.
    @Test func aFormatsEventsCarryItsRegisteredSource() async throws {
        let samples: [(path: String, body: String, headers: [String: String])] = [
            ("/events", #"{"name":"n"}"#, [:]),
            ("/v1/track", #"{"event":"n","userId":"u","writeKey":"k"}"#, [:]),
            ("/mp/collect?measurement_id=G-1&api_secret=s", #"{"client_id":"c","events":[{"name":"n"}]}"#, [:]),
            (
                "/import", #"[{"event":"n","properties":{"distinct_id":"d","time":1700000000,"$insert_id":"i"}}]"#,
                ["Authorization": "Basic c2VjcmV0Og=="]
            ),
            ("/2/httpapi", #"{"api_key":"k","events":[{"event_type":"n","user_id":"u"}]}"#, [:]),
            (
                "/com.snowplowanalytics.snowplow/tp2",
                #"{"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[{"e":"se","se_ca":"c","se_ac":"n","p":"web","tv":"js-3","eid":"e"}]}"#,
                [:]
            ),
            ("/capture/", #"{"api_key":"k","event":"n","distinct_id":"d"}"#, [:]),
            ("/rudderstack/v1/track", #"{"event":"n","userId":"u"}"#, ["Authorization": "Basic a2V5Og=="]),
        ]
        #expect(
            Set(samples.map { IngestRoute.match(path: String($0.path.split(separator: "?")[0]))?.source })
                == Set(IngestFormat.registered.map(\.source)))
        try await CaptureHarness.with { capture async throws in
            for (index, sample) in samples.enumerated() {
                let reply = try await capture.send("POST", "/s/f\(index)" + sample.path, body: Data(sample.body.utf8), headers: sample.headers)
                #expect((200..<300).contains(reply.status), "\(sample.path): \(reply.status) \(reply.text)")
                let path = String(sample.path.split(separator: "?")[0])
                let expected = try #require(IngestRoute.match(path: path)?.source)
                let stored = await capture.events(session: "f\(index)")
                #expect(!stored.isEmpty && stored.allSatisfy { $0.source == expected }, "\(sample.path): \(stored.map(\.source))")
            }
        }
    }

    @Test func aSourceNoFormatRegistersIsRefused() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.post("/events", json: #"{"name":"n"}"#)
            let known = try await capture.send("GET", "/_telltale/events?source=telltale", contentType: nil)
            #expect(known.json?["events"]?.arrayValue?.count == 1)
            let query = try await capture.send("GET", "/_telltale/events?source=heap", contentType: nil)
            #expect(query.status == 400, "\(query.text)")
            #expect(query.text.contains("unknown source heap"))
            // A wait for a source no request can carry would only end at its timeout.
            let wait = try await capture.post("/_telltale/wait", json: #"{"name":"n","source":"heap","timeout":5}"#)
            #expect(wait.status == 400, "\(wait.text)")
            #expect(wait.text.contains("unknown source heap"))
        }
    }
}
