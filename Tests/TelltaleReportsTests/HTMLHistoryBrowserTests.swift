import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// The trends, history marks and quarantine of `index.html`, loaded from `file://` in headless
/// Chromium: a driver script added after the report's own reads what the page drew.
@Suite(.tags(.medium), .serialized)
struct HTMLHistoryBrowserTests {
    static let flaky = "SampleTests.Checkout/testRetried"
    static let slow = "SampleTests.Passing/testSlow"
    static let quarantined = "SampleTests.Failing/testQuarantined"

    /// Six runs of three tests: one flaky twice, one slower than usual now, one failing under quarantine.
    static let record: RunRecord = {
        let start = SampleRecord.start
        let entry = QuarantineEntry(test: quarantined, reason: "races the payment stub", owner: "@ana", until: "2099-12-31")
        let tests = [
            TestResult(
                id: TestID(flaky), framework: .xctest, outcome: .passed, duration: 0.2,
                previousAttempts: [TestAttempt(outcome: .failed, duration: 0.2)]
            ),
            TestResult(id: TestID(slow), framework: .swiftTesting, outcome: .passed, duration: 3),
            TestResult(
                id: TestID(quarantined), framework: .xctest, outcome: .failed, duration: 0.1,
                messages: [TestMessage(kind: .failure, text: "expected 200, got 500")], quarantine: entry
            ),
        ]
        let runs = (0..<6).map { (index: Int) -> HistoryRunPoint in
            let failed = index % 2
            let startedAt = start.addingTimeInterval(Double(index - 5) * 3600)
            return HistoryRunPoint(
                startedAt: startedAt, commit: "c0ffee\(index)", branch: "main", tests: 3, passed: 3 - failed, failed: failed,
                duration: 10 + Double(index)
            )
        }
        let history = HistoryDigest(
            runs: runs,
            tests: [
                flaky: TestHistory(
                    outcomes: [.passed, .failed, .passed, .passed, .passed, .passed], durations: [0.2, 0.2, 0.3, 0.2, 0.2, 0.2],
                    flakyRuns: 2, runs: 6, usualDuration: 0.2, slowerThanUsual: false,
                    flakyCause: FlakyCause(kind: .machineSpecific, evidence: "failed 2 of 3 runs on machine ci-2, passed 4 on the others")),
                slow: TestHistory(
                    outcomes: Array(repeating: .passed, count: 6), durations: [1, 1, 1.1, 0.9, 1, 3], flakyRuns: 0, runs: 6,
                    usualDuration: 1, slowerThanUsual: true),
                quarantined: TestHistory(
                    outcomes: [.failed, .passed, .failed, .skipped, .failed, .failed], durations: [0.1, 0.1, 0.1, 0, 0.1, 0.1],
                    flakyRuns: 0, runs: 5, usualDuration: 0.1, slowerThanUsual: false),
            ])
        return RunRecord(
            tool: ToolInfo(version: "9.9.9"), plan: PlanSummary(name: "history", path: nil, package: "Sample"),
            environment: RunEnvironment(host: "ci", operatingSystem: "Linux", gitCommit: "c0ffee5"), startedAt: start, duration: 15,
            tests: tests, history: history
        )
    }()

    struct Observations: Decodable {
        var verdict: String
        var quarantinedStat: String?
        var trendBars: Int
        var trendTitles: [String]
        var rowTags: [String]
        var stripCells: Int
        var stripTitles: [String]
        var quarantineText: String
        var historyFacts: [String]
        var causeGroups: [String]
        var causeTests: [String]
    }

    static let driver = #"""
        <script>
        window.addEventListener('load', function () {
          var r = {};
          function texts(selector, root) { return Array.prototype.map.call((root || document).querySelectorAll(selector), function (e) { return e.textContent; }); }
          r.verdict = document.querySelector('.verdict').textContent;
          var stat = document.querySelector('[data-stat=quarantined] .value');
          r.quarantinedStat = stat ? stat.textContent : null;
          var trends = document.getElementById('trends');
          r.trendBars = trends ? trends.querySelectorAll('svg rect.bar').length : 0;
          r.trendTitles = trends ? texts('svg rect.bar title', trends).slice(0, 1) : [];
          r.rowTags = texts('#list .row .htag');
          r.causeGroups = texts('#flaky-causes dt');
          r.causeTests = texts('#flaky-causes dd');
          var quarantined = Array.prototype.find.call(document.querySelectorAll('#list .row'), function (row) { return row.querySelector('.name').title === 'SampleTests.Failing/testQuarantined'; });
          quarantined.click();
          r.stripCells = document.querySelectorAll('.strip svg rect.cell').length;
          r.stripTitles = texts('.strip svg rect.cell title');
          var blocks = Array.prototype.slice.call(document.querySelectorAll('section.block'));
          var q = blocks.find(function (b) { return b.querySelector('h3').textContent === 'Quarantine'; });
          r.quarantineText = q ? q.textContent : '';
          r.historyFacts = texts('section.block .facts span').filter(function (t) { return t.indexOf('flaky in') === 0 || t.indexOf('usually') === 0; });
          var out = document.createElement('pre');
          out.id = 'driver-result';
          out.textContent = encodeURIComponent(JSON.stringify(r));
          document.body.appendChild(out);
        });
        </script>
        """#

    @Test func trendsStripsAndQuarantineRenderFromFile() async throws {
        let html = String(decoding: HTMLReportWriter().write(Self.record, context: SampleRecord.context), as: UTF8.self)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-history-\(UUID().uuidString).html")
        try Data(html.replacingOccurrences(of: "</body>", with: Self.driver + "</body>").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let dom = try await Chromium.dumpDOM(url).stdout
        let start = try #require(
            dom.range(of: #"<pre id="driver-result">"#), "the driver did not finish; the page's script probably threw:\n\(dom.prefix(2000))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let encoded = String(dom[start.upperBound..<end.lowerBound])
        let seen = try JSONDecoder().decode(Observations.self, from: Data((encoded.removingPercentEncoding ?? "").utf8))

        // The only failure is quarantined: the verdict passes, and the header counts it.
        #expect(seen.verdict == "PASSED")
        #expect(seen.quarantinedStat == "1")
        // Two charts of six runs each, with a tooltip per bar.
        #expect(seen.trendBars == 12)
        #expect(seen.trendTitles.first?.contains("c0ffee0") == true)
        #expect(seen.trendTitles.first?.contains("3 of 3 passed") == true)
        #expect(Set(seen.rowTags) == ["quarantined", "flaky 33%", "slower"])
        // The history's flaky tests by cause, with the evidence.
        #expect(seen.causeGroups == ["machine-specific (1)"])
        #expect(seen.causeTests == ["SampleTests.Checkout/testRetried \u{00B7} flaky 33%failed 2 of 3 runs on machine ci-2, passed 4 on the others"])
        // The opened test: its strip of six runs, its entry and its facts.
        #expect(seen.stripCells == 6)
        #expect(seen.stripTitles.last == "Run 6 of 6: failed in 100 ms")
        #expect(seen.quarantineText.contains("its failure does not fail the run. Until 2099-12-31, owner @ana."))
        #expect(seen.quarantineText.contains("races the payment stub"))
        #expect(seen.historyFacts == ["flaky in 0 of 5 runs (0%)", "usually 100 ms"])
    }

    @Test func aScreenshotOfTheTrendsGoesToReports() async throws {
        let folder = URL(fileURLWithPath: XMLLint.repositoryRoot).appendingPathComponent("Reports/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("sample-history-index.html")
        try HTMLReportWriter().write(Self.record, context: SampleRecord.context).write(to: page)
        var opened = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        opened.percentEncodedFragment = "test=" + Self.quarantined.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await Chromium.screenshot(opened.url!, to: folder.appendingPathComponent("html-report-history.png").path)
        try await Chromium.screenshot(opened.url!, to: folder.appendingPathComponent("html-report-history-dark.png").path, dark: true)
    }
}
