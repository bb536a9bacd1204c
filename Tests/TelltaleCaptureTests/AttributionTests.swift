import Foundation
import Synchronization
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// Which test an event belongs to: its own tag first, then its session's running test.
@Suite(.tags(.medium))
struct AttributionTests {
    /// The tracker tags events with the test its lifecycle runs; a late event, arriving
    /// while another test's window is open in the same session, still lands on its sender.
    @Test func anEventTaggedWithATestBelongsToItEvenInAnotherTestsWindow() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.send("POST", "/s/w1/_telltale/tests/begin?test=Shop.CartTests/testB")
            let reply = try await capture.post(
                "/s/w1/events",
                json: """
                    {"events": [{"name": "cart_add", "test": "Shop.CartTests/testA"}, {"name": "cart_view"}]}
                    """)
            #expect(reply.status == 200)
            let events = await capture.events(session: "w1")
            #expect(events.map { $0.test?.rawValue } == ["Shop.CartTests/testA", "Shop.CartTests/testB"])
        }
    }

    @Test func aTestTagThatIsNotAStringIsRefusedAndKept() async throws {
        try await CaptureHarness.with { capture async throws in
            let reply = try await capture.post("/s/w1/events", json: #"{"name": "cart_add", "test": 7}"#)
            #expect(reply.status == 400)
            #expect(reply.text.contains("test must be a test id string"))
            #expect(capture.store.badCount == 1)
        }
    }

    /// Two workers' sessions send at the same time, each with its own test running.
    @Test func twoSessionsSendingAtOnceKeepTheirOwnTests() async throws {
        try await CaptureHarness.with { capture async throws in
            _ = try await capture.send("POST", "/s/w1/_telltale/tests/begin?test=Shop.A/testOne")
            _ = try await capture.send("POST", "/s/w2/_telltale/tests/begin?test=Shop.B/testTwo")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    let session = index.isMultiple(of: 2) ? "w1" : "w2"
                    group.addTask {
                        let reply = try await capture.post("/s/\(session)/events", json: #"{"name": "tick", "params": {"n": \#(index)}}"#)
                        #expect(reply.status == 200)
                    }
                }
                try await group.waitForAll()
            }
            let events = await capture.events()
            #expect(events.count == 100)
            for event in events {
                #expect(event.test?.rawValue == (event.session == "w1" ? "Shop.A/testOne" : "Shop.B/testTwo"))
            }
        }
    }

    /// Under `telltale run`'s automatic lifecycle, begin and end also reach the run, and
    /// their answers carry what to record on the test.
    @Test func beginAndEndReachTheLifecycleAndAnswerItsFailures() async throws {
        try await CaptureHarness.with { capture async throws in
            let lifecycle = RecordingLifecycle()
            capture.store.setTestLifecycle(lifecycle)
            let begin = try await capture.send("POST", "/s/w1/_telltale/tests/begin?test=Shop.A/testOne")
            #expect(begin.json?["failures"] == .array([]))
            let end = try await capture.send("POST", "/s/w1/_telltale/tests/end?test=Shop.A/testOne")
            let failure = end.json?["failures"]?.arrayValue?.first
            #expect(failure?["text"] == "missing event: purchase_completed")
            #expect(failure?["file"] == "Plans/demo.yml")
            #expect(failure?["line"] == 12)
            #expect(lifecycle.calls == ["began Shop.A/testOne in w1", "ended Shop.A/testOne in w1"])
        }
    }
}

/// Records the calls and fails every test at its end, as a plan expectation would.
final class RecordingLifecycle: CaptureTestLifecycle {
    private let recorded = Mutex<[String]>([])
    var calls: [String] { recorded.withLock { $0 } }

    func testBegan(_ test: TestID, session: String) async -> [TestMessage] {
        recorded.withLock { $0.append("began \(test) in \(session)") }
        return []
    }

    func testEnded(_ test: TestID, session: String) async -> [TestMessage] {
        recorded.withLock { $0.append("ended \(test) in \(session)") }
        return [TestMessage(kind: .failure, text: "missing event: purchase_completed", location: SourceLocation(file: "Plans/demo.yml", line: 12))]
    }
}
