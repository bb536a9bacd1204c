import Foundation
import TelltaleTestSupport
import Testing

/// The inspector as a QA engineer uses it: `telltale capture` running, its page open in headless
/// Chromium (driven over DevTools by the Python scripts in Fixtures/InspectorBrowserTests).
/// Scripts/install-dependencies.sh installs the SDKs and websocket-client (the DevTools client).
@Suite(.tags(.large))
struct InspectorBrowserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/InspectorBrowserTests")
    static let catalog = fixtures.appendingPathComponent("inspectorShowsEachSDKEventLive.events.yml").path

    /// Events sent through the vendors' own Python SDKs and native POSTs each show in the page's
    /// DOM within 1 s of their 2xx, marked as the tracking plan says; a payload of markup stays text.
    @Test func inspectorShowsEachSDKEventLive() async throws {
        let running = try await CaptureProcessTests.start(["--catalog", Self.catalog])
        defer { kill(running.process.processIdentifier, SIGKILL) }
        let script = Self.fixtures.appendingPathComponent("inspector_sees_sdk_events.py").path
        let result = try await ChildProcesses.run("python3", ["-B", script, running.base.absoluteString])
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 6, "\(result.stdoutText)")
        kill(running.process.processIdentifier, SIGTERM)
        await ChildProcesses.waitForExit(running.process)
    }

    /// Filters, pause and resume, `#event=ID`, the keyboard, the bad tab, clear, and a server
    /// restart on the same port that the page follows by itself (the script runs the servers).
    @Test func inspectorPageFiltersPausesLinksAndReconnects() async throws {
        let script = Self.fixtures.appendingPathComponent("inspector_page_behaviour.py").path
        let result = try await ChildProcesses.run("python3", ["-B", script, try CaptureProcessTests.executable(), Self.catalog])
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
        let checks = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(checks.count == 22, "\(result.stdoutText)")
        #expect(checks.allSatisfy { $0.contains("\"ok\": true") }, "\(result.stdoutText)")
    }
}
