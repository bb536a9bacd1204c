import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

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
        var startHeading: String?
        var startSelected: String?
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
          // A failed run opens with its first failure's details, without a click.
          var heading = document.querySelector('#detail h2');
          r.startHeading = heading ? heading.textContent : null;
          var selected = document.querySelector('#list .row[aria-selected=true] .name');
          r.startSelected = selected ? selected.title : null;
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

        \#(driverResult)
        });
        </script>
        """#

    /// Every driver's last step. An injected image's onerror would run after a turn of the
    /// event loop, so the result (with the injection probes) is written after one.
    static let driverResult = """
          setTimeout(function () {
            r.pwned = String(window.__pwned);
            r.title = document.title;
            var out = document.createElement('pre');
            out.id = 'driver-result';
            out.textContent = encodeURIComponent(JSON.stringify(r));
            document.body.appendChild(out);
          }, 200);
        """

    /// The report with the driver added before `</body>`, written to a temporary file.
    static func pageWithDriver(_ html: Data, driver: String = HTMLReportBrowserTests.driver) throws -> URL {
        var text = String(decoding: html, as: UTF8.self)
        let end = try #require(text.range(of: "</body>", options: .backwards))
        text.insert(contentsOf: driver, at: end.lowerBound)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-driver-\(UUID().uuidString).html")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func observe<Seen: Decodable>(_ page: URL) async throws -> Seen {
        let dom = try await Chromium.dumpDOM(page).stdout
        let start = try #require(
            dom.range(of: #"<pre id="driver-result">"#), "the driver script did not finish; the page's script probably threw:\n\(dom.prefix(2000))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = try #require(String(dom[start.upperBound..<end.lowerBound]).removingPercentEncoding)
        return try JSONDecoder().decode(Seen.self, from: Data(json.utf8))
    }

    struct StartObservations: Decodable {
        var ready: String?
        var startHeading: String?
    }

    /// A passing run keeps the start view it always had: nothing opened until a person asks.
    @Test func aPassingRunOpensNothing() async throws {
        var record = SampleRecord.record
        record.tests = record.tests.filter { $0.outcome == .passed }
        let driver = #"""
            <script>
            window.addEventListener('load', function () {
              var r = { ready: document.documentElement.getAttribute('data-ready') };
              var heading = document.querySelector('#detail h2');
              r.startHeading = heading ? heading.textContent : null;
            \#(Self.driverResult)
            });
            </script>
            """#
        let page = try Self.pageWithDriver(HTMLReportWriter().write(record, context: SampleRecord.context), driver: driver)
        defer { try? FileManager.default.removeItem(at: page) }
        let seen: StartObservations = try await Self.observe(page)
        #expect(seen.ready == "true")
        #expect(seen.startHeading == nil)
    }

    @Test func aPersonCanReadTheReportAndNoCapturedTextRuns() async throws {
        let page = try Self.pageWithDriver(Self.html)
        defer { try? FileManager.default.removeItem(at: page) }
        let seen: Observations = try await Self.observe(page)

        #expect(seen.ready == "true")
        #expect(seen.startHeading != nil && seen.startHeading == seen.rowsAll.first, "the first failure opens without a click")
        #expect(seen.startSelected == seen.startHeading)
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
        #expect(
            seen.rowsAll == [
                "SampleTests.Checkout/Declined/refuses(card:)", "SampleTests.Failing/testTwoAsserts",
                "SampleTests.Retry/testAlwaysFails", "SampleTests.crashes()", "SampleTests.Retry/testEventuallyPasses",
                "SampleTests.Skipping/testLater",
                "SampleTests.Checkout/known()", "SampleTests.Passing/testOK",
            ])
        #expect(
            seen.rowsFailed == [
                "SampleTests.Checkout/Declined/refuses(card:)", "SampleTests.Failing/testTwoAsserts", "SampleTests.Retry/testAlwaysFails",
            ])
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

        #expect(seen.flakySections == ["Retries: 2 earlier attempts", "Output", "Events of the last attempt (1)"])
        #expect(seen.flakyText.contains("Attempt 1 of 3: failed"))
        #expect(seen.flakyText.contains("Attempt 2 of 3: error"))
        #expect(seen.flakyText.contains("Tests/SampleTests/Retry.swift:21"))
    }

    static let verifiedHTML = HTMLReportWriter().write(SampleRecord.verifiedRecord, context: SampleRecord.context)

    /// What the analytics driver found on the page of `SampleRecord.verifiedRecord`.
    struct AnalyticsObservations: Decodable {
        var ready: String?
        var titleBefore: String
        var title: String
        var pwned: String
        var verdict: String
        var stats: [String: String]
        var analyticsButton: String
        var startHeadings: [String]
        var startSections: [String]
        var startFacts: [String]
        var failedLinks: [String]
        var failedNotes: [String]
        var coverage: [String]
        var unsent: [String]
        var outsideRows: [[String]]
        var unused: [String]
        var taggedRows: [String]
        var rowsAnalytics: [String]
        var jumpHeading: String
        var jumpSelected: String
        var jumpSearch: String
        var jumpSections: [String]
        var checksSummary: String
        var kinds: [String]
        var planLocations: [String]
        var checksTexts: [String]
        var diffRows: [[String]]
        var otherParams: [String]
        var violationRows: [[String]]
        var checksText: String
        var injectedElements: Int
        var passedSummary: String
        var reopenedHeading: String
        var otherHeading: String
        var otherText: String
        var hash: String
    }

    static let analyticsDriver = #"""
        <script>
        window.addEventListener('load', function () {
          var r = { titleBefore: document.title };
          function texts(selector) { return Array.prototype.map.call(document.querySelectorAll(selector), function (e) { return e.textContent; }); }
          function cells(selector) {
            return Array.prototype.map.call(document.querySelectorAll(selector), function (row) {
              return Array.prototype.map.call(row.children, function (cell) { return cell.textContent; });
            });
          }
          function rowNamed(name) {
            return Array.prototype.find.call(document.querySelectorAll('#list .row'), function (row) { return row.querySelector('.name').title === name; });
          }
          function linkNamed(name) {
            return Array.prototype.find.call(document.querySelectorAll('#analytics ul.vtests button.link'), function (link) { return link.textContent === name; });
          }
          r.ready = document.documentElement.getAttribute('data-ready');
          r.verdict = document.querySelector('.title-row .verdict').textContent;
          r.stats = {};
          document.querySelectorAll('[data-stat]').forEach(function (s) { r.stats[s.getAttribute('data-stat')] = s.querySelector('.value').textContent; });
          r.analyticsButton = document.querySelector('.analytics-button').textContent;

          // Before any test is opened, the detail pane shows the run's Analytics view.
          r.startHeadings = texts('#detail h2');
          r.startSections = texts('#detail section.block > h3');
          r.startFacts = texts('#analytics > .facts > *');
          r.failedLinks = texts('#analytics ul.vtests button.link');
          r.failedNotes = texts('#analytics ul.vtests .vnote');
          r.coverage = texts('#analytics ul.coverage li');
          r.unsent = texts('#analytics ul.coverage li.unsent .name');
          r.outsideRows = cells('#analytics table.vtable tbody tr');
          r.unused = texts('#analytics ul.vunused li');
          r.taggedRows = Array.prototype.map.call(document.querySelectorAll('#list .row .vtag'), function (tag) { return tag.parentNode.querySelector('.name').title; });
          document.querySelector('[data-status=analytics]').click();
          r.rowsAnalytics = texts('#list .row .name');

          // A link opens the test even when the search hides it.
          var search = document.getElementById('search');
          search.value = 'passing';
          search.dispatchEvent(new Event('input'));
          linkNamed('SampleTests.Checkout/Declined/refuses(card:)').click();
          var detail = document.getElementById('detail');
          r.jumpHeading = detail.querySelector('h2').textContent;
          r.jumpSelected = document.querySelector('#list .row[aria-selected=true] .name').title;
          r.jumpSearch = search.value;
          r.jumpSections = texts('#detail section.block > h3');
          var checks = Array.prototype.find.call(detail.querySelectorAll('section.block'), function (block) { return block.querySelector('h3').textContent === 'Analytics checks'; });
          r.checksSummary = checks.querySelector('.vsum').textContent;
          r.kinds = texts('#detail .vfail .vkind');
          r.planLocations = Array.prototype.filter.call(texts('#detail .vfail .vhead .vnote'), function (text) { return text.indexOf('plan ') === 0; });
          r.checksTexts = texts('#detail .vfail .vtext');
          r.diffRows = cells('#detail table.vparams tr.vdiff');
          r.otherParams = texts('#detail table.vparams tr.vsame td.k');
          r.violationRows = cells('#detail table.vtable tbody tr');
          r.checksText = checks.textContent;
          r.injectedElements = document.querySelectorAll('img, #detail script, iframe, [onerror]').length;

          rowNamed('SampleTests.Retry/testEventuallyPasses').click();
          r.passedSummary = texts('#detail .vsum').join(' | ');

          document.querySelector('.analytics-button').click();
          r.reopenedHeading = texts('#detail h2').join(' | ');
          linkNamed('SampleTests.Ghost/testGone()').click();
          r.otherHeading = detail.querySelector('h2').textContent;
          r.otherText = detail.textContent;
          document.querySelector('.analytics-button').click();
          r.hash = location.hash;

        \#(driverResult)
        });
        </script>
        """#

    @Test func theAnalyticsVerdictRendersAsText() async throws {
        let page = try Self.pageWithDriver(Self.verifiedHTML, driver: Self.analyticsDriver)
        defer { try? FileManager.default.removeItem(at: page) }
        let seen: AnalyticsObservations = try await Self.observe(page)
        let declined = SampleRecord.declined.rawValue

        #expect(seen.ready == "true")
        #expect(seen.verdict == "FAILED")
        #expect(seen.stats["coverage"] == "60.0%")
        #expect(seen.stats["analytics"] == "3")
        #expect(seen.analyticsButton == "Analytics: 3 tests failed checks, 1 violation outside tests, 2 unused selectors")

        #expect(seen.startHeadings == ["Analytics FAILED"])
        #expect(
            seen.startSections == [
                "Tests whose analytics checks failed (3)", "Tracking-plan coverage: 3 of 5 planned events sent",
                "Tracking-plan violations by events outside any test (1)", "Expectations that selected no test (2)",
            ])
        #expect(seen.startFacts == ["4 events captured", "1 attributed to no test", "5 tests checked"])
        #expect(seen.failedLinks == [declined, "SampleTests.Failing/testTwoAsserts", "SampleTests.Ghost/testGone()"])
        #expect(
            seen.failedNotes == [
                "1 missing event, 1 forbidden event, 2 tracking-plan violations", "1 missing event",
                "1 tracking-plan violation · not in the test list",
            ])
        #expect(seen.coverage == ["app_openednever sent", "checkout_started1", "payment_failed1", "purchase_completednever sent", "retry_seen1"])
        #expect(seen.unsent == ["app_opened", "purchase_completed"])
        #expect(seen.outsideRows == [["unplanned event", "app_open", "—", "app_opened", "—", "1"]])
        #expect(seen.unused == ["SampleTests.Gone/*", "<b>SampleTests.Typo</b>"])
        #expect(seen.taggedRows == [declined, "SampleTests.Failing/testTwoAsserts"])
        #expect(seen.rowsAnalytics == [declined, "SampleTests.Failing/testTwoAsserts"])

        #expect(seen.jumpHeading == declined)
        #expect(seen.jumpSelected == declined)
        #expect(seen.jumpSearch == "")
        #expect(seen.jumpSections == ["Failure", "Analytics checks", "Events (2)"])
        #expect(seen.checksSummary == "2 events · 1 missing event, 1 forbidden event, 2 tracking-plan violations")
        #expect(seen.kinds == ["missing event", "forbidden event"])
        #expect(seen.planLocations == ["plan Plans/sample.yml:12:9", "plan Plans/sample.yml:15:9"])
        #expect(seen.checksTexts.isEmpty, "the messages above hold these failures already")
        #expect(
            seen.diffRows == [
                ["≠", "value", "missing · expected number > 0"],
                ["≠", "currency", "missing · expected \"USD\""],
                ["≠", "reason", "\"\(SampleRecord.scriptPayload)\" (string) · expected absent"],
            ])
        #expect(seen.otherParams == ["cart", "currency", "express", "note", "separators"])
        #expect(
            seen.violationRows == [
                ["enum mismatch", "payment_failed", "reason", "one of \"declined\", \"expired\"", "\"\(SampleRecord.scriptPayload)\" (string)", "1"],
                ["missing required", "checkout_started", "value", "number >= 0", "missing", "1"],
            ])
        #expect(seen.checksText.contains("+1.000 s"))

        // The `<script>` payload in the checks is on the page as text, and nothing ran.
        #expect(seen.checksText.contains(SampleRecord.scriptPayload))
        #expect(seen.injectedElements == 0)
        #expect(seen.pwned == "undefined")
        #expect(seen.title == seen.titleBefore)

        #expect(seen.passedSummary == "1 event · every check passed")
        #expect(seen.reopenedHeading == "Analytics FAILED")
        #expect(seen.otherHeading == "SampleTests.Ghost/testGone()")
        #expect(seen.otherText.contains("unplanned event"))
        #expect(seen.otherText.contains("ghost_seen"))
        #expect(seen.hash == "#analytics")
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
        failure.percentEncodedFragment =
            "test=" + "SampleTests.Checkout/Declined/refuses(card:)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-failure.png").path)
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-failure-dark.png").path, dark: true)
    }

    @Test func screenshotsOfTheAnalyticsVerdictGoToReports() async throws {
        let folder = URL(fileURLWithPath: XMLLint.repositoryRoot).appendingPathComponent("Reports/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("sample-analytics-index.html")
        try Self.verifiedHTML.write(to: page)
        try await Chromium.screenshot(page, to: folder.appendingPathComponent("html-report-analytics.png").path)
        var failure = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        failure.percentEncodedFragment = "test=" + SampleRecord.declined.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-analytics-failure.png").path)
        try await Chromium.screenshot(failure.url!, to: folder.appendingPathComponent("html-report-analytics-failure-dark.png").path, dark: true)
    }
}
