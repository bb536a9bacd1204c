import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The vendors' own Python SDKs (Segment, Mixpanel, Amplitude, Snowplow, PostHog, RudderStack),
/// pointed at a real capture server: events arrive with the names and parameters the app gave them.
/// Scripts/install-dependencies.sh installs the SDKs.
@Suite(.tags(.medium))
struct VendorSDKTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/VendorSDKTests")
    static let script = fixtures.appendingPathComponent("send_with_sdks.py").path

    @Test func vendorSDKsEventsArriveNormalised() async throws {
        try await CaptureHarness.with { capture async throws in
            let result = try await Self.runPython([Self.script, capture.base.absoluteString])
            try #require(result.status == 0, "python: \(result.output)")

            let segment = await capture.events(session: "segment")
            #expect(segment.map(\.name) == ["Order Completed", "identify", "page"])
            #expect(segment.first?.params == ["revenue": 39.95, "currency": "USD"])
            #expect(segment.last?.params == ["path": "/home", "name": "Home"])

            let mixpanel = await capture.events(session: "mixpanel")
            #expect(mixpanel.map(\.name) == ["Signed Up", "$set"])
            #expect(mixpanel.first?.params["plan"] == "Premium")
            #expect(mixpanel.first?.params["seats"] == 3)
            #expect(mixpanel.last?.params["$email"] == "ada@example.com")

            let amplitude = await capture.events(session: "amplitude")
            #expect(Set(amplitude.map(\.name)) == ["Button Clicked", "Song Played"])
            #expect(amplitude.first { $0.name == "Button Clicked" }?.params == ["color": "blue", "count": 2])

            let snowplow = await capture.events(session: "snowplow")
            #expect(snowplow.map(\.name) == ["add-to-basket", "link_click", "page_view"])
            #expect(snowplow.first?.params["value"] == 2)
            #expect(snowplow.first?.params["category"] == "shop")
            try #require(snowplow.count == 3)
            #expect(snowplow[1].params["target"] == "https://example.com")
            #expect(snowplow[2].params["url"] == "https://example.com/home")
            let pixel = await capture.events(session: "snowplow-get")
            #expect(pixel.map(\.name) == ["video_play"])
            #expect(pixel.first?.params["seconds"] == 12)
            #expect(capture.store.bad().isEmpty)
        }
    }

    /// posthog and rudder-sdk-python, each with gzip on and off: names, properties, user ids and
    /// the timestamps the app gave arrive as sent, with their own `source`.
    @Test func postHogAndRudderStackSDKsEventsArrive() async throws {
        try await CaptureHarness.with { capture async throws in
            let script = Self.fixtures.appendingPathComponent("send_with_posthog_rudderstack.py").path
            let result = try await Self.runPython([script, capture.base.absoluteString])
            try #require(result.status == 0, "python: \(result.output)")
            for mode in ["gzip", "plain"] {
                let posthog = await capture.events(session: "posthog-\(mode)")
                #expect(posthog.map(\.name) == ["Order Completed", "$set", "$create_alias"], "\(mode)")
                #expect(posthog.allSatisfy { $0.source == .posthog })
                try #require(posthog.count == 3)
                #expect(posthog[0].params["revenue"] == 39.95 && posthog[0].params["currency"] == "USD")
                #expect(posthog[0].params["$lib"] == "posthog-python")
                #expect(posthog[0].raw["distinct_id"] == "user-1")
                #expect(posthog[0].raw["timestamp"] == "2024-05-01T12:30:15+00:00")
                #expect(posthog[1].params["$set"] == ["email": "ada@example.com"])
                #expect(posthog[1].raw["distinct_id"] == "user-1")
                #expect(posthog[2].params["alias"] == "user-1" && posthog[2].raw["distinct_id"] == "anon-1")

                let rudder = await capture.events(session: "rudderstack-\(mode)")
                #expect(rudder.map(\.name) == ["Order Completed", "identify", "page", "screen", "group", "alias", "Signed Out"], "\(mode)")
                #expect(rudder.allSatisfy { $0.source == .rudderstack })
                try #require(rudder.count == 7)
                #expect(rudder[0].params == ["revenue": 39.95, "currency": "USD"])
                #expect(rudder[0].raw["userId"] == "user-1")
                #expect(rudder[0].raw["timestamp"] == "2024-05-01T12:30:15+00:00")
                #expect(rudder[1].params == ["email": "ada@example.com"])
                #expect(rudder[1].raw["timestamp"] == "2024-05-01T12:30:15+00:00")
                #expect(rudder[2].params == ["path": "/home", "name": "Home"])
                #expect(rudder[3].params == ["items": 2, "name": "Cart"])
                #expect(rudder[4].params == ["plan": "team", "groupId": "group-1"])
                #expect(rudder[5].params == ["previousId": "anon-1", "userId": "user-1"])
                #expect(rudder[6].raw["anonymousId"] == "anon-9" && rudder[6].raw["userId"] == .null)
            }
            #expect(capture.store.bad().isEmpty)
        }
    }

    static func runPython(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcesses.run("python3", arguments)
        return (result.status, result.stdoutText + result.stderrText)
    }
}
