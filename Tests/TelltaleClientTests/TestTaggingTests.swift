import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleTestSupport
import TelltaleTracker
import Testing

@testable import TelltaleTesting

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
            let events =
                try await verifier.expectCount("cart_add", equals: 1) + verifier.expectCount("cart_view", equals: 1)
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
        #expect(
            TelltaleLifecycleTrait.testID(of: Test.current!).rawValue
                == "TelltaleClientTests.TestTaggingTests/theLifecycleIsQuietOutsideAnAutomaticRun()")
    }

    /// A test whose name another test shares is listed with its location; `telltale run`
    /// names such ids in the environment, and the trait then uses the located form.
    @Test func aDisambiguatedTestKeepsItsSourceLocation() throws {
        let test = try #require(Test.current)
        let short = "TelltaleClientTests.TestTaggingTests/aDisambiguatedTestKeepsItsSourceLocation()"
        let located = TelltaleLifecycleTrait.testID(of: test, disambiguated: [String(describing: test.id)])
        #expect(located.withoutSourceLocation.rawValue == short)
        #expect(located.sourceLocationSuffix?.hasPrefix("TestTaggingTests.swift:") == true)
        #expect(TelltaleLifecycleTrait.testID(of: test, disambiguated: ["Other.S/x()/S.swift:1:1"]).rawValue == short)
        // Long lists travel in a file instead of the variable.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("disambiguated-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let many = (0..<5_000).map { "M.S/f()/S.swift:\($0):6" }
        let value = try TelltaleEnvironment.disambiguatedTestsValue(many, scratchDirectory: scratch)
        #expect(value.hasPrefix("@"))
        #expect(TelltaleEnvironment.disambiguatedTests(from: value) == Set(many))
        #expect(
            TelltaleEnvironment.disambiguatedTests(from: "A.S/f()/S.swift:1:6\nB.S/f()/S.swift:2:6") == [
                "A.S/f()/S.swift:1:6", "B.S/f()/S.swift:2:6",
            ])
    }
}
