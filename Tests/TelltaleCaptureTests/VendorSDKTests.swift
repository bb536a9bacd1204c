import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The vendors' own Python SDKs (Segment, Mixpanel, Amplitude, Snowplow), pointed at a real
/// capture server: events arrive with the names and parameters the app gave them.
/// Scripts/install-dependencies.sh installs the SDKs.
@Suite(.tags(.medium))
struct VendorSDKTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/VendorSDKTests/send_with_sdks.py").path

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

    static func runPython(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcesses.run("python3", arguments)
        return (result.status, result.stdoutText + result.stderrText)
    }
}
