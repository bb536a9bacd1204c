import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// Every variant of the report, opened from `file://` in headless Chromium and used as a person
/// would (every test opened, its sections unfolded and "more" buttons pressed, every filter, the
/// keyboard, the theme, the Analytics view and its links, the coverage tables and sources, the
/// stress and flaky tables, the tag filter) raises no script error: no uncaught exception, no console error,
/// nothing the browser refused to run (TelltaleTestSupport's `PageErrors` listens over DevTools).
@Suite(.tags(.medium))
struct HTMLPageErrorsTests {
    /// Each page by name: a passing run, a failing run with retries, one with an analytics
    /// verdict, a retried test's events per attempt, rich results, coverage with its trend and a
    /// marked source, history and quarantine, stress, order and flaky causes, a comparison with the base.
    static func pages() -> [(name: String, html: Data)] {
        var passing = SampleRecord.record
        passing.tests = passing.tests.filter { $0.outcome == .passed }
        var coverage = CoverageReportsTests.record()
        coverage.history = HistoryDigest(runs: [
            HistoryRunPoint(
                startedAt: SampleRecord.start.addingTimeInterval(-60), commit: "b", branch: nil, tests: 8, passed: 3, failed: 4,
                duration: 1, coverage: CoverageCount(covered: 160, total: 200)),
            HistoryRunPoint(
                startedAt: SampleRecord.start, commit: "c", branch: nil, tests: 8, passed: 3, failed: 4, duration: 1,
                coverage: CoverageCount(covered: 170, total: 200)),
        ])
        let source = CoverageSourceView(
            path: "Sources/Feature/F.swift", lines: ["func f() {", "  // note", "  g()", "}"], marks: [.covered, .none, .uncovered, .covered],
            counts: [1: 2, 3: 0, 4: 2], changed: [LineRange(3, 3)])
        let context = SampleRecord.context
        return [
            ("passing", HTMLReportWriter().write(passing, context: context)),
            ("failing with retries", HTMLReportWriter().write(SampleRecord.record, context: context)),
            ("analytics", HTMLReportWriter().write(SampleRecord.verifiedRecord, context: context)),
            ("events per attempt", HTMLReportWriter().write(HTMLRetriedTestTests.record, context: context)),
            ("rich results", HTMLReportWriter().write(RichRecord.record, context: RichRecord.context)),
            ("coverage", HTMLReportWriter(coverageSources: [source]).write(coverage, context: context)),
            ("history", HTMLReportWriter().write(HTMLHistoryBrowserTests.record, context: context)),
            ("stress", HTMLReportWriter().write(StressReportsTests.record, context: context)),
            ("order", HTMLReportWriter().write(OrderReportsTests.record, context: context)),
            ("comparison", HTMLReportWriter().write(ComparisonReportsTests.record(), context: context)),
        ]
    }

    /// Uses the page and answers how many views it opened. Links that would leave the page
    /// (attachments, bugs) are not followed.
    static let walk = #"""
        (async () => {
          const frame = () => new Promise(done => requestAnimationFrame(() => done()));
          const key = (name) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
          const all = (selector) => Array.from(document.querySelectorAll(selector));
          const press = (selector) => all(selector).forEach(node => { if (node.isConnected && !node.hasAttribute('href')) node.click(); });
          const tagFilter = document.getElementById('tag-filter');
          const showAll = () => { if (tagFilter) { tagFilter.value = ''; tagFilter.dispatchEvent(new Event('change')); } };
          let views = 0;
          const list = document.getElementById('list');
          list.focus();
          key('Home');
          const count = JSON.parse(document.getElementById('telltale-data').textContent).tests.length;
          for (let i = 0; i < count; i++) {
            key('Enter');
            views++;
            press('#detail summary');
            press('#detail button');
            showAll();
            list.focus();
            key('j');
          }
          for (const name of ['PageUp', 'PageDown', 'End', 'Home', 'k', 'o']) key(name);
          list.scrollTop = list.scrollHeight;
          await frame();
          press('.filters button');
          press('[data-status="all"]');
          const search = document.getElementById('search');
          search.focus();
          search.value = 'e';
          search.dispatchEvent(new Event('input'));
          key('Enter');
          search.focus();
          key('Escape');
          if (tagFilter) for (const option of Array.from(tagFilter.options)) { tagFilter.value = option.value; tagFilter.dispatchEvent(new Event('change')); }
          showAll();
          for (let i = 0; i < 3; i++) press('button.theme');
          press('.orphans');
          views += all('.orphans').length;
          const analytics = document.querySelector('.analytics-button');
          if (analytics) {
            analytics.click();
            const links = all('#analytics button').length;
            for (let i = 0; i < links; i++) {
              analytics.click();
              views++;
              const link = all('#analytics button')[i];
              if (link) link.click();
            }
          }
          press('#coverage summary');
          press('#coverage a.file');
          const files = document.getElementById('coverage-files');
          if (files) {
            files.click();
            views++;
            press('#detail th');
            const sources = all('#detail tr.open').length;
            for (let i = 0; i < sources; i++) {
              files.click();
              all('#detail tr.open')[i].click();
              views++;
              press('#detail button');
            }
          }
          all('#stress tbody tr').forEach(row => { row.click(); views++; });
          all('#flaky-explained tbody tr').forEach(row => { row.click(); views++; press('#detail summary'); });
          await frame();
          return views;
        })()
        """#

    @Test func noVariantOfTheReportRaisesAScriptError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-page-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = Self.pages()
        var visits: [PageErrors.Visit] = []
        for (number, page) in pages.enumerated() {
            let file = folder.appendingPathComponent("\(number).html")
            try page.html.write(to: file)
            visits.append(PageErrors.Visit(file, walk: Self.walk))
        }
        let found = try await PageErrors.visit(visits)
        for (page, seen) in zip(pages, found) {
            #expect(seen.ready, "\(page.name): the page never said it was ready; \(seen.errors)")
            #expect(seen.errors.isEmpty, "\(page.name): \(seen.errors.joined(separator: "\n"))")
            #expect((seen.walked ?? 0) > 0, "\(page.name): the walk opened nothing")
        }
    }
}
