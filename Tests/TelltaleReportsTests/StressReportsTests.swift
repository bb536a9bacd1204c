import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// `--stress-new` in the reports: summary.md's Stress section, the HTML's, JUnit and CTRF.
@Suite(.tags(.small))
struct StressReportsTests {
    static let record: RunRecord = {
        var record = SampleRecord.record
        let arrived = TestResult(
            id: TestID("SampleTests.Arriving/flaky()"), framework: .swiftTesting, outcome: .failed,
            previousAttempts: [TestAttempt(outcome: .passed, duration: 0.1), TestAttempt(outcome: .failed, duration: 0.1)]
        )
        .judgedUnderStress(reasons: ["new: no passing run in the history"], extraRuns: 2, reportOnly: false)
        let stable = TestResult(
            id: TestID("SampleTests.Arriving/stable()"), framework: .swiftTesting, outcome: .passed,
            previousAttempts: [TestAttempt(outcome: .passed, duration: 0.1), TestAttempt(outcome: .passed, duration: 0.1)]
        )
        .judgedUnderStress(reasons: ["its file changed: Tests/SampleTests/Arriving.swift"], extraRuns: 2, reportOnly: false)
        record.tests += [stable, arrived]
        return record
    }()

    @Test func theSummaryHasAStressSectionFlakyOnArrivalFirst() throws {
        let markdown = MarkdownSummaryWriter().write(Self.record, context: SampleRecord.context)
        #expect(markdown.contains("### Stress (2 new or changed, 1 flaky on arrival)"), "\(markdown)")
        #expect(markdown.contains("Each ran 2 more times after the usual run"))
        let arrived = "| `SampleTests.Arriving/flaky()` | new: no passing run in the history | 1 of 3 | ❌ flaky on arrival |"
        let stable = "| `SampleTests.Arriving/stable()` | its file changed: Tests/SampleTests/Arriving.swift | 3 of 3 | ✅ stable |"
        let arrivedAt = markdown.range(of: arrived)?.lowerBound
        let stableAt = markdown.range(of: stable)?.lowerBound
        #expect(arrivedAt != nil && stableAt != nil && arrivedAt! < stableAt!, "\(markdown)")
        // Among the failing tests, by its own message, and not as a test that failed every attempt.
        #expect(markdown.contains("| `SampleTests.Arriving/flaky()` |  | flaky on arrival: passed 1 of 3 runs"), "\(markdown)")
        #expect(!markdown.contains("flaky on arrival: passed 1 of 3 runs (new: no passing run in the history) _(failed all"))
        #expect(!MarkdownSummaryWriter().write(SampleRecord.record, context: SampleRecord.context).contains("### Stress"))
    }

    @Test func theHTMLCarriesEachStressedTestsVerdictAndDrawsItsSection() {
        let html = String(decoding: HTMLReportWriter().write(Self.record, context: SampleRecord.context), as: UTF8.self)
        #expect(html.contains(#""st":{"v":"flakyOnArrival","r":["new: no passing run in the history"],"n":3,"p":1,"x":2}"#), "\(html.suffix(3000))")
        #expect(html.contains("function stressSection") && html.contains(".stress {"))
        let plain = String(decoding: HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        #expect(!plain.contains("stressSection"), "a record without stress gets the page it got before")
    }

    @Test func junitAndCTRFShowItAsAFailureThatWasFlaky() throws {
        let junit = String(decoding: JUnitWriter().write(Self.record, context: SampleRecord.context), as: UTF8.self)
        #expect(junit.contains("flaky on arrival: passed 1 of 3 runs"))
        let ctrf = try #require(
            String(data: CTRFWriter().write(Self.record, context: SampleRecord.context), encoding: .utf8))
        #expect(ctrf.contains("flaky on arrival"))
        // The summary counts what the entries mark flaky: the sample's pass on a retry and the
        // test that arrived flaky (which failed, so the run's totals do not count it flaky).
        let document = try JSONValue(parsing: CTRFWriter().write(Self.record, context: SampleRecord.context))
        guard case .array(let tests)? = document["results"]?["tests"] else {
            Issue.record("ctrf.json has no results.tests")
            return
        }
        let marked = tests.filter { $0["flaky"] == true }.count
        #expect(marked == 2)
        #expect(document["results"]?["summary"]?["flaky"] == .number(Double(marked)))
    }
}
