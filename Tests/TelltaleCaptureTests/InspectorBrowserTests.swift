import Foundation
import TelltaleTestSupport
import Testing

/// The inspector as a QA engineer uses it: `telltale capture` running, its page open in headless
/// Chromium (driven over DevTools by the Python scripts in Fixtures/InspectorBrowserTests, with
/// TelltaleTestSupport's DevTools client).
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

    /// The page, holding events that keep and break the tracking plan and a refused request,
    /// used as a person would (every event and refused request opened, the filters, pause, the
    /// keyboard, a link to an event the page does not hold), raises no script error: no uncaught
    /// exception, no console error, nothing the browser refused to run.
    @Test func inspectorRaisesNoScriptError() async throws {
        let running = try await CaptureProcessTests.start(["--catalog", Self.catalog])
        defer { kill(running.process.processIdentifier, SIGKILL) }
        for body in [#"{"name":"signup","params":{"html":"<b>x</b>"}}"#, #"{"name":"Button Clicked","params":{"color":"blue"}}"#] {
            #expect(try await CaptureProcessTests.post(running.base, "/s/qa/events", body) == 200)
        }
        #expect(try await CaptureProcessTests.post(running.base, "/s/qa/events", "{not json") == 400)
        let walk = #"""
            (async () => {
              const key = (name) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
              const frame = () => new Promise(done => requestAnimationFrame(() => done()));
              // The events arrive over the stream after the page is ready: wait for them, frame by frame.
              while (telltaleInspector.shownIds().length < 2) await frame();
              let views = 0;
              const table = document.getElementById('events');
              table.focus();
              for (const name of ['j', 'j', 'k', 'End', 'Home', 'PageDown', 'PageUp', 'Enter', 'o']) { key(name); views++; }
              document.querySelectorAll('#event-details summary').forEach(node => node.click());
              key('Escape');
              for (const id of ['filter-text', 'filter-name', 'filter-session', 'filter-test']) {
                const field = document.getElementById(id);
                field.focus();
                field.value = 's';
                field.dispatchEvent(new Event('input'));
                key('Enter');
                field.value = '';
                field.dispatchEvent(new Event('input'));
              }
              const bad = document.getElementById('filter-bad');
              bad.click();
              bad.click();
              const source = document.getElementById('filter-source');
              for (const option of Array.from(source.options)) { source.value = option.value; source.dispatchEvent(new Event('change')); }
              source.value = '';
              source.dispatchEvent(new Event('change'));
              document.getElementById('tab-bad').click();
              while (!document.querySelector('.bad-row')) await frame();
              table.focus();
              key('j');
              document.querySelectorAll('.bad-row').forEach(row => { row.click(); views++; });
              document.getElementById('tab-events').click();
              document.getElementById('pause').click();
              key('p');
              window.confirm = () => false;
              document.getElementById('clear').click();
              location.hash = '#event=99999999';
              while (!document.getElementById('event-details').textContent.includes('99999999')) await frame();
              await frame();
              return views;
            })()
            """#
        let found = try await PageErrors.visit([PageErrors.Visit(running.base.appendingPathComponent("_telltale/ui"), walk: walk)])
        let seen = try #require(found.first)
        #expect(seen.ready)
        #expect(seen.errors.isEmpty, "\(seen.errors.joined(separator: "\n"))")
        #expect((seen.walked ?? 0) > 0)
        kill(running.process.processIdentifier, SIGTERM)
        await ChildProcesses.waitForExit(running.process)
    }

    /// Filters, pause and resume, `#event=ID`, the keyboard, the bad tab, clear, and a server
    /// restart on the same port that the page follows by itself (the script runs the servers),
    /// with no script error all along.
    @Test func inspectorPageFiltersPausesLinksAndReconnects() async throws {
        let script = Self.fixtures.appendingPathComponent("inspector_page_behaviour.py").path
        let result = try await ChildProcesses.run("python3", ["-B", script, try CaptureProcessTests.executable(), Self.catalog])
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
        let checks = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(checks.count == 23, "\(result.stdoutText)")
        #expect(checks.allSatisfy { $0.contains("\"ok\": true") }, "\(result.stdoutText)")
    }
}
