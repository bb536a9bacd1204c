import Foundation
import Testing
import TelltaleModel
import TelltaleTestSupport
@testable import TelltaleReports

/// Loads the real `index.html` in headless Chromium and uses it as a person would.
///
/// A small driver script is added after the report's own: it clicks the filters, types in
/// the search box, presses keys, opens tests, then writes what it saw into the page, which
/// `--dump-dom` returns. Screenshots go to the repository's Reports/ folder.
@Suite(.tags(.medium), .serialized)
struct HTMLReportBrowserTests {
    static let html = HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context)

    /// What the driver found, percent-encoded JSON inside `<pre id="driver-result">`.
    struct Observations: Decodable {
        var titleBefore: String
        var title: String
        var pwned: String
        var ready: String?
        var stats: [String: String]
        var rowsAll: [String]
        var rowsFailed: [String]
        var rowsFlaky: [String]
        var rowsSearch: [String]
        var shownSearch: String
        var keyboardOpened: String
        var keyboardSecond: String
        var slashFocusesSearch: Bool
        var failureHeading: String
        var failureSections: [String]
        var failureText: String
        var injectedElements: Int
        var flakySections: [String]
        var flakyText: String
    }

    static let driver = #"""
    <script>
    window.addEventListener('load', function () {
      var r = { titleBefore: document.title };
      function texts(selector) { return Array.prototype.map.call(document.querySelectorAll(selector), function (e) { return e.textContent; }); }
      function key(name) { document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); }
      function rowNamed(name) {
        return Array.prototype.find.call(document.querySelectorAll('#list .row'), function (row) { return row.querySelector('.name').title === name; });
      }
      r.ready = document.documentElement.getAttribute('data-ready');
      r.stats = {};
      document.querySelectorAll('[data-stat]').forEach(function (s) { r.stats[s.getAttribute('data-stat')] = s.querySelector('.value').textContent; });
      r.rowsAll = texts('#list .row .name');
      document.querySelector('[data-status=failed]').click();
      r.rowsFailed = texts('#list .row .name');
      document.querySelector('[data-status=flaky]').click();
      r.rowsFlaky = texts('#list .row .name');
      document.querySelector('[data-status=all]').click();
      var search = document.getElementById('search');
      search.value = 'retry/';
      search.dispatchEvent(new Event('input'));
      r.rowsSearch = texts('#list .row .name');
      r.shownSearch = document.getElementById('shown').textContent;
      search.value = '';
      search.dispatchEvent(new Event('input'));

      document.getElementById('list').focus();
      key('Enter');
      r.keyboardOpened = document.querySelector('#detail h2').textContent;
      key('j'); key('ArrowDown'); key('k'); key('Enter');
      r.keyboardSecond = document.querySelector('#detail h2').textContent;
      key('/');
      r.slashFocusesSearch = document.activeElement === search;
      key('Escape');

      rowNamed('SampleTests.Checkout/Declined/refuses(card:)').click();
      var detail = document.getElementById('detail');
      r.failureHeading = detail.querySelector('h2').textContent;
      r.failureSections = texts('#detail section.block > h3');
      r.failureText = detail.textContent;
      r.injectedElements = document.querySelectorAll('#detail img, #detail script, #detail iframe, #detail [onerror]').length;

      rowNamed('SampleTests.Retry/testEventuallyPasses').click();
      r.flakySections = texts('#detail section.block > h3');
      r.flakyText = detail.textContent;
      rowNamed('SampleTests.Checkout/Declined/refuses(card:)').click();

      // An injected image's onerror would run after a turn of the event loop: look after one.
      setTimeout(function () {
        r.pwned = String(window.__pwned);
        r.title = document.title;
        var out = document.createElement('pre');
        out.id = 'driver-result';
        out.textContent = encodeURIComponent(JSON.stringify(r));
        document.body.appendChild(out);
      }, 200);
    });
    </script>
    """#

    /// The report with the driver added before `</body>`, written to a temporary file.
    static func pageWithDriver(_ html: Data) throws -> URL {
        var text = String(decoding: html, as: UTF8.self)
        let end = try #require(text.range(of: "</body>", options: .backwards))
        text.insert(contentsOf: driver, at: end.lowerBound)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-driver-\(UUID().uuidString).html")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func observe(_ page: URL) async throws -> Observations {
        let dom = try await Chromium.dumpDOM(page).stdout
        let start = try #require(dom.range(of: #"<pre id="driver-result">"#), "the driver script did not finish; the page's script probably threw:\n\(dom.prefix(2000))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = try #require(String(dom[start.upperBound..<end.lowerBound]).removingPercentEncoding)
        return try JSONDecoder().decode(Observations.self, from: Data(json.utf8))
    }

    @Test func aPersonCanReadTheReportAndNoCapturedTextRuns() async throws {
        let page = try Self.pageWithDriver(Self.html)
        defer { try? FileManager.default.removeItem(at: page) }
        let seen = try await Self.observe(page)

        #expect(seen.ready == "true")
        #expect(seen.stats["tests"] == "8")
        #expect(seen.stats["passed"] == "3")
        #expect(seen.stats["failed"] == "3")
        #expect(seen.stats["errors"] == "1")
        #expect(seen.stats["skipped"] == "1")
        #expect(seen.stats["flaky"] == "1")
        #expect(seen.stats["pass-rate"] == "42.8%")
        #expect(seen.stats["events"] == "4")
        #expect(seen.stats["coverage"] == nil, "no catalog yet: no coverage figure")

        // Failures first, then flaky, skipped, passed.
        #expect(seen.rowsAll == [
            "SampleTests.Checkout/Declined/refuses(card:)", "SampleTests.Failing/testTwoAsserts",
            "SampleTests.Retry/testAlwaysFails", "SampleTests.crashes()", "SampleTests.Retry/testEventuallyPasses", "SampleTests.Skipping/testLater",
            "SampleTests.Checkout/known()", "SampleTests.Passing/testOK",
        ])
        #expect(seen.rowsFailed == ["SampleTests.Checkout/Declined/refuses(card:)", "SampleTests.Failing/testTwoAsserts", "SampleTests.Retry/testAlwaysFails"])
        #expect(seen.rowsFlaky == ["SampleTests.Retry/testEventuallyPasses"])
        #expect(seen.rowsSearch == ["SampleTests.Retry/testAlwaysFails", "SampleTests.Retry/testEventuallyPasses"])
        #expect(seen.shownSearch == "2 of 8 tests")

        #expect(seen.keyboardOpened == "SampleTests.Checkout/Declined/refuses(card:)")
        #expect(seen.keyboardSecond == "SampleTests.Failing/testTwoAsserts")
        #expect(seen.slashFocusesSearch)

        #expect(seen.failureHeading == "SampleTests.Checkout/Declined/refuses(card:)")
        #expect(seen.failureSections == ["Failure", "Events (2)"])
        #expect(seen.failureText.contains("Tests/SampleTests/Checkout.swift:42:9"))
        #expect(seen.failureText.contains("Expectation failed: (card → \"4000\") != \"4000\""))
        #expect(seen.failureText.contains("+1.000 s"))
        #expect(seen.failureText.contains("checkout_started"))
        #expect(seen.failureText.contains("sku"))

        // The hostile parameters are on the page as text, and nothing they hold ran.
        #expect(seen.failureText.contains(SampleRecord.scriptPayload))
        #expect(seen.failureText.contains("<img src=x onerror="))
        #expect(seen.injectedElements == 0)
        #expect(seen.pwned == "undefined")
        #expect(seen.title == seen.titleBefore)
        #expect(!seen.title.contains("pwned"))

        #expect(seen.flakySections == ["Retries: 2 earlier attempts", "Output", "Events (1)"])
        #expect(seen.flakyText.contains("Attempt 1 of 3: failed"))
        #expect(seen.flakyText.contains("Attempt 2 of 3: error"))
        #expect(seen.flakyText.contains("Tests/SampleTests/Retry.swift:21"))
    }

    /// The same driver on a page that does put the payload in with innerHTML sees it run,
    /// so the check above would catch a report that did.
    @Test func theDriverNoticesAPayloadThatRuns() async throws {
        let unsafe = """
            <!DOCTYPE html><html><head><title>control</title></head><body>
            <div id="list"><div class="row"><span class="name" title="x">x</span></div></div><input id="search">
            <div id="shown"></div><div id="detail"><h2>x</h2></div>
            <script>document.getElementById('detail').innerHTML += \(String(decoding: try JSONEncoder().encode(SampleRecord.attributePayload), as: UTF8.self));</script>
            </body></html>
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-control-\(UUID().uuidString).html")
        try Data(unsafe.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let dom = try await Chromium.dumpDOM(url).stdout
        #expect(dom.contains("<title>pwned</title>"), "the control page's payload should have run: \(dom.prefix(500))")
    }

    @Test func screenshotsOfTheSummaryAndAFailureGoToReports() async throws {
        let folder = URL(fileURLWithPath: XMLLint.repositoryRoot).appendingPathComponent("Reports/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("sample-index.html")
        try Self.html.write(to: page)
        try await Chromium.screenshot(page, to: folder.appendingPathComponent("html-report-summary.png").path)
        var failure = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        failure.percentEncodedFragment = "test=" + "SampleTests.Checkout/Declined/refuses(card:)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-failure.png").path)
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-failure-dark.png").path, dark: true)
    }
}
