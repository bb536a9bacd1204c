import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct MarkdownSummaryWriterTests {
    let markdown = MarkdownSummaryWriter().write(SampleRecord.record, context: SampleRecord.context)

    @Test func matchesGoldenFile() throws {
        try GoldenFile.check(Data(markdown.utf8), named: "MarkdownSummaryWriterTests.sample.md")
    }

    @Test func failingTestsComeWithTheirFirstMessageAndLocation() {
        #expect(markdown.contains("| 8 | 3 | 3 | 1 | 1 | 1 | 42.8% | 12.3 s |"))
        #expect(
            markdown.contains(
                #"| `SampleTests.Failing/testTwoAsserts` | `Tests/SampleTests/Failing.swift:12` | XCTAssertEqual failed: ("1") is not equal to ("2") … |"#
            ))
        #expect(markdown.contains("### Flaky tests (1)"))
        #expect(markdown.contains("`Reports/index.html`"))
    }

    @Test func markupInTextIsEscaped() {
        var record = SampleRecord.record
        record.tests[1].messages[0].text = "<img src=x> | **bold** [link](x) `code`"
        let text = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(text.contains(#"&lt;img src=x&gt; \| \*\*bold\*\* \[link\](x) \`code\`"#))
    }

    /// A note's `code span` (a queue machine's `telltale queue report …`) stays code, its
    /// backticks not escaped; the rest of the note is escaped, and a lone backtick escapes all.
    @Test func codeSpansInNotesStayCode() {
        var record = SampleRecord.record
        record.notes = [
            "part of build b1: machine m1 ran 3 of the build's 30 tests; `telltale queue report --build b1` gives the build's *record*",
            "a lone ` backtick and a_name",
        ]
        let text = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(
            text.contains(
                "- part of build b1: machine m1 ran 3 of the build's 30 tests; `telltale queue report --build b1` gives the build's \\*record\\*\n"))
        #expect(text.contains("- a lone \\` backtick and a\\_name\n"))
    }

    @Test func staysUnderTheLimitWithTenThousandFailingTests() {
        let long = String(repeating: "a long failure message ", count: 40)
        let tests =
            (0..<10_000).map { index in
                TestResult(
                    id: TestID("BigTests.Suite\(index / 100)/test\(index)"), framework: .xctest, outcome: .failed, duration: 0.01,
                    messages: [
                        TestMessage(kind: .failure, text: long, location: SourceLocation(file: "/repo/Tests/Big/Suite.swift", line: index + 1))
                    ],
                    previousAttempts: index % 3 == 0 ? [TestAttempt(outcome: .failed, duration: 0.01)] : []
                )
            }
            + (0..<5_000).map { index in
                TestResult(
                    id: TestID("BigTests.Flaky/test\(index)"), framework: .xctest, outcome: .passed,
                    previousAttempts: [TestAttempt(outcome: .failed, duration: 0.01, messages: [TestMessage(kind: .failure, text: long)])]
                )
            }
        var record = SampleRecord.record
        record.tests = tests
        record.notes = Array(repeating: String(repeating: "note ", count: 100), count: 2_000)
        let text = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(text.utf8.count < 65_000)
        #expect(text.count < 65_000)
        #expect(text.contains("### Failing tests (10000)"))
        #expect(text.contains("more failing tests; see the HTML report._"))
        #expect(text.contains("### Flaky tests (5000)"))
        #expect(text.contains("more flaky tests; see the HTML report._"))
        #expect(text.contains("more notes; see run.json._"))
        #expect(text.contains("### Full report"))
        let shown = text.components(separatedBy: "\n").filter { $0.hasPrefix("| `BigTests.Suite") }.count
        let leftOut = text.firstMatch(of: /…and (\d+) more failing tests/).map { Int($0.1)! }
        #expect(shown + (leftOut ?? 0) == 10_000)
        #expect(shown > 50)
    }

    @Test func analyticsChecksAreSummedUpAndViolationsOutsideTestsFailTheRun() {
        var record = SampleRecord.record
        record.tests = record.tests.filter { $0.outcome == .passed }
        record.verification = VerificationReport(
            tests: [
                TestVerification(test: TestID("Shop.A/testOne"), eventCount: 2),
                TestVerification(
                    test: TestID("Shop.A/testTwo"), eventCount: 1,
                    failures: [
                        VerificationFailure(kind: .missingEvent, event: "purchase", message: "missing event: purchase")
                    ]),
            ],
            unattributed: [
                CatalogViolation(kind: .unplannedEvent, event: "app_crash", path: "", expected: "a planned event", actual: nil, test: nil)
            ],
            coverage: CatalogCoverage(events: [.init(name: "purchase", count: 0), .init(name: "login", count: 3)])
        )
        let text = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(text.contains("❌ failed"))
        #expect(text.contains("analytics checks failed in 1 of 2 tests · 1 of 2 planned events sent · 1 tracking-plan violations outside any test"))
    }

    @Test func aPassingRunSaysSo() {
        var record = SampleRecord.record
        record.tests = [record.tests[0]]
        record.notes = []
        let text = MarkdownSummaryWriter().write(record, context: SampleRecord.context)
        #expect(text.hasPrefix("## Telltale: sample &lt;plan&gt; ✅ passed\n"))
        #expect(!text.contains("### Failing"))
        #expect(!text.contains("### Flaky"))
    }
}
