import Foundation
import Logging
import ServiceLifecycle
import TelltaleCapture
import TelltaleModel
import TelltaleTestSupport
import TelltaleTesting
import TelltaleTracker
import TelltaleVerify
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app-side tracker and the test-side verifier against a real capture server.
@Suite(.tags(.medium))
struct TrackerAndVerifierTests {
    static func withServer(_ body: @Sendable (CaptureAddress) async throws -> Void) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-client-\(UUID().uuidString)/events.jsonl").path
        let server = try CaptureServer(configuration: .init(logPath: log))
        let group = ServiceGroup(configuration: .init(services: [server], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask(executorPreference: ServerExecutor.shared) { try await group.run() }
            let address = try await server.listening()
            do { try await body(address) } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test func trackedEventsAreSeenByTheVerifier() async throws {
        try await Self.withServer { address async throws in
            let environment = [
                "TELLTALE_CAPTURE_URL": address.description, "TELLTALE_SESSION": "worker-1",
                "TELLTALE_CONTROL_URL": address.description + "/_telltale",
            ]
            let tracker = Tracker(configuration: TrackerConfiguration.fromEnvironment(environment), batchSize: 3)
            let verifier = try #require(EventVerifier(environment: TelltaleTestEnvironment(environment)))
            tracker.track("cart_viewed")
            tracker.track("purchase", ["currency": "USD", "value": 9.5])
            tracker.track("checkout", values: ["step": 2, "express": true, "items": ["a", "b"]])
            tracker.track("logout")
            #expect(await tracker.flush().isEmpty)
            let purchases = try await verifier.waitFor("purchase", where: ["currency": "USD"])
            #expect(purchases.first?.params["value"] == 9.5)
            #expect(purchases.first?.session == "worker-1")
            try await verifier.waitFor("checkout", where: ["step": 2, "express": true, "items": ["a", "b"]])
            try await verifier.expectCount("logout", equals: 1)
            try await verifier.expectNone("crash", within: .milliseconds(50))
        }
    }

    @Test func failuresNameTheNearestMisses() async throws {
        try await Self.withServer { address async throws in
            let tracker = Tracker(captureURL: address.url, session: "w2", batchSize: 1)
            tracker.track("purchase", ["currency": "EUR"])
            await tracker.flush()
            let verifier = EventVerifier(controlURL: address.url.appendingPathComponent("_telltale"), session: "w2")
            let call = #line + 2
            do {
                try await verifier.waitFor("purchase", where: ["currency": "USD"], timeout: .milliseconds(50))
                Issue.record("expected a failure")
            } catch let error as EventVerificationError {
                let text = error.localizedDescription
                // The check's call, first: both frameworks would put a thrown error at the test.
                #expect(error.location?.file == #filePath)
                #expect(error.location?.line == call)
                #expect(text.hasPrefix("\(#filePath):\(call):"), "\(text)")
                #expect(error.message.hasPrefix("expected 1 × purchase"), "\(error.message)")
                #expect(text.contains("expected 1 × purchase {\"currency\":\"USD\"}, found 0"))
                #expect(text.contains(#"currency: expected "USD", got "EUR" (string)"#))
            }
            await #expect(throws: EventVerificationError.self) { try await verifier.expectNone("purchase") }
        }
    }

    /// One matcher and one ranking: the miss `EventVerifier` reports reads, word for word,
    /// as the same miss in a plan expectation's failure.
    @Test func aMissReadsTheSameInTheVerifierAndInThePlansChecks() async throws {
        try await Self.withServer { address async throws in
            let tracker = Tracker(captureURL: address.url, session: "w4", batchSize: 10)
            tracker.track("purchase", ["currency": "EUR", "value": 3])
            tracker.track("purchased", ["currency": "USD"])
            tracker.track("logout")
            await tracker.flush()
            let verifier = EventVerifier(controlURL: address.url.appendingPathComponent("_telltale"), session: "w4")
            var verifierText = ""
            do {
                try await verifier.waitFor("purchase", where: ["currency": "USD"], timeout: .milliseconds(50))
            } catch {
                verifierText = error.localizedDescription
            }
            let (data, _) = try await URLSession.shared.data(
                from: address.url.appendingPathComponent("_telltale/events").appending(queryItems: [URLQueryItem(name: "session", value: "w4")]))
            struct Answer: Decodable { var events: [Event] }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let events = try decoder.decode(Answer.self, from: data).events
            #expect(events.count == 3)
            let test = TestID("Shop.Checkout/testPay")
            let plan = try Verifier(expectations: [
                TestExpectations(
                    .id(test.rawValue), events: [EventExpectation(EventSpec(name: "purchase", params: [ParamField("currency", .equals("USD"))]))])
            ])
            let failure = try #require(plan.verify(test: test, events: events).failures.first)
            let planLines = failure.text.split(separator: "\n").dropFirst()
            let verifierLines = verifierText.split(separator: "\n").dropFirst()
            #expect(!planLines.isEmpty)
            #expect(Array(planLines) == Array(verifierLines), "plan:\n\(failure.text)\nverifier:\n\(verifierText)")
            #expect(planLines.first == "  closest captured events:")
            #expect(planLines.contains(#"      currency: expected "USD", got "EUR" (string)"#))
        }
    }

    @Test func waitWakesWithinMillisecondsOfArrival() async throws {
        try await Self.withServer { address async throws in
            let verifier = EventVerifier(controlURL: address.url.appendingPathComponent("_telltale"), session: "w3")
            let tracker = Tracker(captureURL: address.url, session: "w3", batchSize: 1)
            async let waited = verifier.waitFor("late", timeout: .seconds(20))
            tracker.track("late")
            await tracker.flush()
            #expect(try await waited.count == 1)
        }
    }

    @Test(.tags(.small)) func unconfiguredTrackerIsANoOp() async {
        let tracker = Tracker(configuration: nil)
        tracker.track("anything", ["a": 1])
        #expect(!tracker.isEnabled)
        #expect(await tracker.flush().isEmpty)
    }
}
