import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// The comparison with the base in `index.html`, loaded from `file://` in headless Chromium: a
/// driver script added after the report's own reads the header, the filters and the marks, and
/// uses the "New failures" filter.
@Suite(.tags(.medium), .serialized)
struct HTMLComparisonBrowserTests {
    struct Observations: Decodable {
        var verdict: String
        var headline: String
        var filters: [String]
        var rowTags: [String]
        var newFailureRows: [String]
        var detail: String
    }

    static let driver = #"""
        <script>
        window.addEventListener('load', function () {
          var r = {};
          function texts(selector) { return Array.prototype.map.call(document.querySelectorAll(selector), function (e) { return e.textContent; }); }
          r.verdict = document.querySelector('.verdict').textContent;
          r.headline = document.querySelector('#comparison .headline').textContent;
          r.filters = texts('.filters button');
          r.rowTags = texts('#list .row .htag.cmp');
          r.newFailureRows = [];
          r.detail = '';
          var newFailures = document.querySelector('.filters button[data-status="cmp-newFailure"]');
          if (newFailures) {
            newFailures.click();
            r.newFailureRows = Array.prototype.map.call(document.querySelectorAll('#list .row .name'), function (e) { return e.title; });
            document.querySelector('#list .row').click();
            var blocks = Array.prototype.slice.call(document.querySelectorAll('section.block'));
            var against = blocks.find(function (b) { return b.querySelector('h3').textContent === 'Against main'; });
            r.detail = against ? against.textContent : '';
          }
          var out = document.createElement('pre');
          out.id = 'driver-result';
          out.textContent = encodeURIComponent(JSON.stringify(r));
          document.body.appendChild(out);
        });
        </script>
        """#

    static func observe(_ record: RunRecord) async throws -> Observations {
        let html = String(decoding: HTMLReportWriter().write(record, context: SampleRecord.context), as: UTF8.self)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-comparison-\(UUID().uuidString).html")
        try Data(html.replacingOccurrences(of: "</body>", with: Self.driver + "</body>").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let dom = try await Chromium.dumpDOM(url).stdout
        let start = try #require(
            dom.range(of: #"<pre id="driver-result">"#), "the driver did not finish; the page's script probably threw:\n\(dom.prefix(2000))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        return try JSONDecoder().decode(
            Observations.self, from: Data((String(dom[start.upperBound..<end.lowerBound]).removingPercentEncoding ?? "").utf8))
    }

    @Test func theHeaderMarksAndFiltersShowTheComparison() async throws {
        let seen = try await Self.observe(ComparisonReportsTests.record())
        #expect(seen.verdict == "FAILED")
        #expect(
            seen.headline == "Against main: 1 new failure, 1 fixed, 1 new test, 1 removed, 1 newly flaky, 1 much slower; 1 already failing on main")
        for filter in ["New failures 1", "Already failing 1", "Fixed 1", "New tests 1", "Newly flaky 1", "Much slower 1"] {
            #expect(seen.filters.contains(filter), "\(seen.filters)")
        }
        #expect(Set(seen.rowTags) == ["new failure", "already failing", "fixed", "new test", "newly flaky", "much slower"], "\(seen.rowTags)")
        #expect(seen.newFailureRows == ["ShopTests.ShopTests/testBroken"])
        #expect(seen.detail.contains("New failure: passed on main."), "\(seen.detail)")
    }

    /// Under `--fail-on new`, a failure main has too does not turn the verdict FAILED.
    @Test func underFailOnNewTheVerdictPassesWithOnlyOldFailures() async throws {
        let seen = try await Self.observe(ComparisonReportsTests.onlyStillFailing())
        #expect(seen.verdict == "PASSED", "\(seen)")
        #expect(seen.headline.hasPrefix("Against main: no new failures"))
        #expect(!seen.filters.contains { $0.hasPrefix("New failures") } && seen.filters.contains("Already failing 1"))
    }
}
