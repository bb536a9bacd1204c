import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// A run against the base of its change in every report: summary.md opens with it, new
/// failures first; JUnit and CTRF carry each test's class (checked by their readers); annotations
/// lead with new failures; Harbormaster and Remarkup say it; the HTML marks and filters.
@Suite(.tags(.small))
struct ComparisonReportsTests {
    static let start = SampleRecord.start
    static let baseline = BaselineSource(
        kind: .history, name: "main", chosenBy: "--base main", match: .commit, commit: "1a2b3c4d5e6f", branch: "main",
        startedAt: start.addingTimeInterval(-3600), run: 12, tests: 7)

    static func test(_ id: String, _ outcome: TestOutcome, _ duration: Double = 0.2, message: String? = nil, line: Int = 10) -> TestResult {
        TestResult(
            id: TestID(id), framework: .xctest, outcome: outcome, duration: duration,
            messages: message.map {
                [TestMessage(kind: .failure, text: $0, location: SourceLocation(file: "/repo/Tests/ShopTests/ShopTests.swift", line: line))]
            }
                ?? [])
    }

    /// One test of every class against main, and one removed.
    static func record(failOn: FailOn? = nil) -> RunRecord {
        var tests = [
            test("ShopTests.ShopTests/testKnown", .failed, message: "known <bug> | on main", line: 20),
            test("ShopTests.ShopTests/testBroken", .failed, message: "XCTAssertEqual failed: (\"999\") is not equal to (\"1000\")", line: 12),
            test("ShopTests.ShopTests/testMended", .passed),
            test("ShopTests.ShopTests/testAdded", .passed),
            test("ShopTests.ShopTests/testSlow", .passed, 1.5),
            test("ShopTests.ShopTests/testSteady", .passed),
        ]
        tests.append(
            TestResult(
                id: TestID("ShopTests.ShopTests/testWobbly"), framework: .xctest, outcome: .passed, duration: 0.2,
                previousAttempts: [TestAttempt(outcome: .failed, duration: 0.2, messages: [TestMessage(kind: .failure, text: "timing")])]))
        var record = RunRecord(
            tool: ToolInfo(version: "9.9.9"), plan: PlanSummary(name: "shop", path: nil, package: "Shop"),
            environment: RunEnvironment(host: "ci", operatingSystem: "Linux", gitCommit: "f00d", gitBranch: "feature"), startedAt: start,
            duration: 3, tests: tests)
        record.failOn = failOn
        record.comparison = BaselineComparison(
            baseline: baseline,
            tests: [
                "ShopTests.ShopTests/testKnown": TestComparison(change: .stillFailing, base: .failed),
                "ShopTests.ShopTests/testBroken": TestComparison(change: .newFailure, base: .passed),
                "ShopTests.ShopTests/testMended": TestComparison(change: .fixed, base: .failed),
                "ShopTests.ShopTests/testAdded": TestComparison(change: .newTest, base: nil),
                "ShopTests.ShopTests/testSlow": TestComparison(change: .slower, base: .passed, baseDuration: 0.25),
                "ShopTests.ShopTests/testWobbly": TestComparison(change: .newlyFlaky, base: .passed),
            ],
            removed: ["ShopTests.ShopTests/testGone"])
        return record
    }

    /// Only the failure main has too: under `--fail-on new` the run passes.
    static func onlyStillFailing() -> RunRecord {
        var record = record(failOn: .new)
        record.tests.removeAll { $0.id.rawValue == "ShopTests.ShopTests/testBroken" }
        record.comparison?.tests["ShopTests.ShopTests/testBroken"] = nil
        return record
    }

    @Test func theSummaryOpensWithTheComparisonNewFailuresFirst() throws {
        let markdown = MarkdownSummaryWriter().write(Self.record(), context: SampleRecord.context)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "## Telltale: shop ❌ failed")
        #expect(
            lines[2] == "**Against main:** 1 new failure, 1 fixed, 1 new test, 1 removed, 1 newly flaky, 1 much slower; 1 already failing on main")
        #expect(lines[4].hasPrefix("_Baseline: main: the run of 1a2b3c4d on main from 2026-11-21 04:20 UTC (\\#12 in the history"), "\(lines[4])")
        let new = try #require(markdown.range(of: "### New failures (1)"))
        let still = try #require(markdown.range(of: "### Already failing on main (1)"))
        let others = try #require(markdown.range(of: "### Other changes against main (5)"))
        #expect(new.lowerBound < still.lowerBound && still.lowerBound < others.lowerBound)
        // The new failure with its location and message; the one main has too in the shorter list.
        #expect(
            markdown.contains(
                #"| `ShopTests.ShopTests/testBroken` | `Tests/ShopTests/ShopTests.swift:12` | XCTAssertEqual failed: ("999") is not equal to ("1000") |"#
            ), "\(markdown)")
        #expect(markdown.contains("| `ShopTests.ShopTests/testKnown` | known &lt;bug&gt; \\| on main |"), "\(markdown)")
        #expect(markdown.contains("they fail the run as any failure does"))
        #expect(markdown.contains("| `ShopTests.ShopTests/testMended` | ✅ fixed | failed on main |"))
        #expect(markdown.contains("| `ShopTests.ShopTests/testGone` | removed | on main, not in this run |"))
        #expect(markdown.contains("| `ShopTests.ShopTests/testSlow` | 🐢 much slower | 1.5 s (250 ms on main) |"))
        #expect(!markdown.contains("### Failing tests"), "the comparison's lists replace it")
    }

    @Test func underFailOnNewWhatMainFailsTooPassesTheRun() {
        let record = Self.onlyStillFailing()
        #expect(!record.failed)
        let markdown = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(markdown.hasPrefix("## Telltale: shop ✅ passed\n\n**Against main:** no new failures, 1 fixed"), "\(markdown.prefix(300))")
        #expect(markdown.contains("1 already failing on main · only new failures fail the run"))
        #expect(markdown.contains("they do not fail the run (`--fail-on new`)"))
    }

    @Test func withoutABaselineTheSummarySaysWhyAndListsEveryFailure() {
        var record = Self.record(failOn: .new)
        record.comparison = .missing("no run of 1a2b3c4d or of main in the history .telltale/history.sqlite")
        let markdown = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(markdown.contains("**No baseline to compare with:** no run of 1a2b3c4d or of main in the history .telltale/history.sqlite"))
        #expect(markdown.contains("### Failing tests (2)") && record.failed)
    }

    /// 1,000 new failures with long messages: summary.md stays under its byte budget, the new
    /// failures' list is cut with a count, and the other sections keep their place.
    @Test(.tags(.medium)) func aThousandNewFailuresStayUnderTheBudget() {
        var record = Self.record()
        let long = String(repeating: "expected the refund to give back every cent | <b> ", count: 20)
        for index in 0..<1000 {
            let id = "ShopTests.Generated/testCase\(index)"
            record.tests.append(Self.test(id, .failed, message: "\(index): \(long)"))
            record.comparison?.tests[id] = TestComparison(change: .newFailure, base: .passed)
        }
        let markdown = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        let bytes = markdown.utf8.count
        #expect(bytes <= MarkdownSummaryWriter.defaultMaxBytes, "\(bytes) bytes")
        #expect(bytes > MarkdownSummaryWriter.defaultMaxBytes - 8000, "the budget is used, not wasted: \(bytes) bytes")
        #expect(markdown.contains("**Against main:** 1001 new failures, 1 fixed"))
        #expect(markdown.contains("### New failures (1001)"))
        #expect(markdown.range(of: #"_…and \d+ more new failures; see the HTML report\._"#, options: .regularExpression) != nil)
        #expect(markdown.contains("### Already failing on main (1)") && markdown.contains("### Full report"))
    }

    @Test func annotationsLeadWithNewFailures() {
        let lines = GitHubAnnotationWriter().write(Self.record(), context: SampleRecord.context).split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(
                "::error file=Tests/ShopTests/ShopTests.swift,line=12,title=[new failure] failed%3A ShopTests.ShopTests/testBroken::") == true,
            "\(lines)")
        #expect(lines.dropFirst().first?.contains("title=[already failing on main] failed%3A ShopTests.ShopTests/testKnown") == true, "\(lines)")
        // Under --fail-on new, the failure main has too fails nothing: a warning.
        let excused = GitHubAnnotationWriter().write(Self.onlyStillFailing(), context: SampleRecord.context)
        #expect(!excused.contains("::error"), "\(excused)")
        #expect(
            excused.contains(
                "::warning file=Tests/ShopTests/ShopTests.swift,line=20,title=[already failing on main] failed%3A ShopTests.ShopTests/testKnown::"))
    }

    @Test func harbormasterAndRemarkupSayIt() throws {
        let message = HarbormasterWriter().message(Self.record(), context: SampleRecord.context)
        let units = Dictionary(uniqueKeysWithValues: message.unit.map { ($0.name, $0) })
        #expect(message.type == "fail")
        #expect(units["testBroken"]?.result == "fail" && units["testBroken"]?.details?.hasPrefix("**New failure**: passed on main.") == true)
        #expect(units["testKnown"]?.result == "unsound", "failed, but this change is probably not what broke it")
        #expect(units["testKnown"]?.details?.hasPrefix("**Already failing on main**") == true)
        #expect(units["testMended"]?.details == "**Fixed**: failed on main.")
        #expect(units["testSteady"]?.details == nil)
        #expect(HarbormasterWriter().message(Self.onlyStillFailing(), context: SampleRecord.context).type == "pass")
        let remarkup = RemarkupSummaryWriter().write(Self.record(), context: SampleRecord.context)
        #expect(remarkup.contains("**Against main:** 1 new failure, 1 fixed"), "\(remarkup)")
        let new = try #require(remarkup.range(of: "=== New failures (1) ==="))
        let still = try #require(remarkup.range(of: "=== Already failing on main (1) ==="))
        #expect(new.lowerBound < still.lowerBound && !remarkup.contains("=== Failures"))
    }

    @Test func theHTMLCarriesEachTestsClassAndDrawsItsFeature() {
        let html = String(decoding: HTMLReportWriter().write(Self.record(), context: SampleRecord.context), as: UTF8.self)
        #expect(html.contains(#""cmp":{"c":"newFailure","b":"passed"}"#), "\(html.suffix(3000))")
        #expect(html.contains(#""cmp":{"c":"slower","b":"passed","bd":0.25}"#))
        #expect(html.contains(#""comparison":{"base":"main","#) && html.contains(#""removed":["ShopTests.ShopTests/testGone"]"#))
        #expect(html.contains("function comparison(page)") && html.contains(".htag.cmp.newFailure"))
        let plain = String(decoding: HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        #expect(!plain.contains("function comparison(page)"), "a record compared with nothing gets the page it got before")
    }
}

/// The comparison in JUnit and CTRF, read by their own readers: xmllint against the extended
/// schema and PyPI's junitparser; CTRF's JSON Schema.
@Suite(.tags(.medium))
struct ComparisonReaderTests {
    @Test func junitValidatesAndJunitparserReadsEachTestsClass() async throws {
        let xml = JUnitWriter().write(ComparisonReportsTests.record(), context: SampleRecord.context)
        let lint = try await XMLLint.validate(xml)
        #expect(lint.status == 0, "xmllint: \(lint.output)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try xml.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys
            from junitparser import JUnitXml, Properties
            found = {}
            for suite in JUnitXml.fromfile(sys.argv[1]):
                for case in suite:
                    properties = case.child(Properties)
                    found[case.name] = {p.name: p.value for p in properties} if properties is not None else {}
                    found[case.name]["failure"] = str(case.is_failure)
            print(json.dumps(found))
            """
        let result = try await ChildProcesses.run("python3", ["-c", script, file.path])
        try #require(result.status == 0, "junitparser: \(result.stderrText)")
        let read = try JSONDecoder().decode([String: [String: String]].self, from: result.stdout)
        #expect(read["testBroken"] == ["comparison": "newFailure", "comparison.base": "passed", "comparison.baseline": "main", "failure": "True"])
        #expect(read["testKnown"]?["comparison"] == "stillFailing" && read["testKnown"]?["failure"] == "True")
        #expect(read["testAdded"] == ["comparison": "newTest", "comparison.baseline": "main", "failure": "False"])
        #expect(read["testSlow"]?["comparison.baseDuration"] == "0.250")
        #expect(read["testSteady"] == ["failure": "False"])
    }

    @Test func ctrfValidatesAndLabelsEachTestsClass() async throws {
        let data = CTRFWriter().write(ComparisonReportsTests.record(), context: SampleRecord.context)
        let validation = try await CTRFSchema.validate(data)
        #expect(validation.status == 0, "\(validation.output)")
        let document = try JSONValue(parsing: data)
        guard case .array(let tests)? = document["results"]?["tests"] else {
            Issue.record("no results.tests in \(String(decoding: data, as: UTF8.self).prefix(500))")
            return
        }
        let labels = Dictionary(uniqueKeysWithValues: tests.map { ($0["name"]?.stringValue ?? "", $0["labels"]?["comparison"]?.stringValue) })
        #expect(labels["testBroken"] == "newFailure" && labels["testKnown"] == "stillFailing" && labels["testMended"] == "fixed")
        #expect(labels["testSteady"] == .some(nil))
        let broken = tests.first { $0["name"]?.stringValue == "testBroken" }
        #expect(broken?["extra"]?["telltale.comparison"]?["base"]?.stringValue == "passed")
        let summary = document["results"]?["summary"]?["extra"]?["telltale.comparison"]
        #expect(summary?["newFailure"]?.doubleValue == 1 && summary?["stillFailing"]?.doubleValue == 1)
        #expect(
            summary?["headline"]?.stringValue
                == "1 new failure, 1 fixed, 1 new test, 1 removed, 1 newly flaky, 1 much slower; 1 already failing on main")
    }
}
