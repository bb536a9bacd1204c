import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleTesting
import TelltaleTracker
import Testing

/// The lifecycle trait sets the running test; the tracker tags events with it, so they
/// belong to their test whatever the session's markers say.
@Suite(.tags(.medium))
struct TestTaggingTests {
    @Test func theTrackerTagsEventsWithTheTestItsTaskRuns() async throws {
        try await TrackerAndVerifierTests.withServer { address async throws in
            let tracker = Tracker(captureURL: address.url, session: "w1", batchSize: 10)
            let first = TestID("Shop.CartTests/testFirst")
            let second = TestID("Shop.CartTests/testSecond")
            TelltaleTestContext.$currentTest.withValue(first) { tracker.track("cart_add") }
            await TelltaleTestContext.$currentTest.withValue(second) {
                // An unstructured task inherits the test, as app code the test starts would.
                await Task { tracker.track("cart_view") }.value
            }
            tracker.track("app_idle")
            #expect(await Tracker.flushAll().isEmpty)

            let verifier = EventVerifier(controlURL: address.url.appendingPathComponent("_telltale"), session: "w1")
            let events = try await verifier.expectCount("cart_add", equals: 1) + verifier.expectCount("cart_view", equals: 1)
                + verifier.expectCount("app_idle", equals: 1)
            #expect(events.map(\.test) == [first, second, nil])
            // The verifier, like the events, looks at the running test's own events only.
            try await TelltaleTestContext.$currentTest.withValue(second) {
                try await verifier.expectNone("cart_add", within: .milliseconds(50))
                try await verifier.waitFor("cart_view")
            }
        }
    }

    @Test func theLifecycleIsQuietOutsideAnAutomaticRun() {
        #expect(TelltaleLifecycle.current == nil)
        #expect(TelltaleLifecycleTrait.testID(of: Test.current!).rawValue
            == "TelltaleClientTests.TestTaggingTests/theLifecycleIsQuietOutsideAnAutomaticRun()")
    }
}
