import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// Coverage in the reports that draw from run.json alone: summary.md, GitHub's annotations,
/// Harbormaster's unit, and the HTML's data.
@Suite(.tags(.small))
struct CoverageReportsTests {
    static func record(uncoveredRanges: Int = 1, gate: Bool = true) -> RunRecord {
        var record = SampleRecord.record
        let uncovered = (0..<uncoveredRanges).map { LineRange(10 * $0 + 5, 10 * $0 + ($0.isMultiple(of: 2) ? 5 : 7)) }
        let diffLines = CoverageCount(covered: 3, total: 3 + uncovered.reduce(0) { $0 + $1.end - $1.start + 1 })
        record.coverage = CoverageSummary(
            root: "/repo/App", repositoryPrefix: "App", lines: CoverageCount(covered: 170, total: 200),
            functions: CoverageCount(covered: 40, total: 50),
            targets: [
                CoverageTargetSummary(name: "Core", lines: CoverageCount(covered: 100, total: 110), functions: CoverageCount(covered: 20, total: 22)),
                CoverageTargetSummary(
                    name: "Feature", lines: CoverageCount(covered: 70, total: 90), functions: CoverageCount(covered: 20, total: 28)),
            ],
            files: [
                CoverageFileSummary(
                    path: "Sources/Core/Core.swift", target: "Core", lines: CoverageCount(covered: 100, total: 110),
                    functions: CoverageCount(covered: 20, total: 22)),
                CoverageFileSummary(
                    path: "Sources/Feature/F.swift", target: "Feature", lines: CoverageCount(covered: 70, total: 90),
                    functions: CoverageCount(covered: 20, total: 28)),
            ],
            diff: DiffCoverage(
                base: "origin/main (merge-base 1a2b3c4d)", lines: diffLines,
                files: [DiffCoverageFile(path: "Sources/Feature/F.swift", lines: diffLines, uncovered: uncovered)]),
            thresholds: CoverageThresholds(diffMinimum: 90),
            gateFailures: gate
                ? [
                    CoverageGateFailure(
                        figure: .diff, covered: diffLines, threshold: 90, worstFiles: ["Sources/Feature/F.swift (3/4, not run: lines 5)"])
                ]
                : []
        )
        return record
    }

    @Test func summaryShowsTheFiguresTheGateAndTheLinesNotRun() {
        let markdown = MarkdownSummaryWriter().write(Self.record(), context: SampleRecord.context)
        #expect(markdown.contains("### Coverage"))
        #expect(markdown.contains("| lines | functions | changed lines (since origin/main (merge-base 1a2b3c4d)) |"))
        #expect(markdown.contains("| 85.0% (170/200) | 80.0% (40/50) | 75.0% (3/4) |"))
        #expect(markdown.contains("❌ diff coverage 75.0% (3/4 lines) is below the diffMinimum of 90%"))
        #expect(markdown.contains("### Changed lines no test ran (1)"))
        #expect(markdown.contains("| `App/Sources/Feature/F.swift` | 3/4 | 5 |"), "\(markdown)")
        #expect(markdown.contains("| `Core` | 90.9% (100/110) | 90.9% (20/22) |"))
        // A record without coverage has no such section.
        #expect(!MarkdownSummaryWriter().write(SampleRecord.record, context: SampleRecord.context).contains("Coverage"))
    }

    @Test func uncoveredRangesAreWarningsWithinTheStepBudget() {
        let one = GitHubAnnotationWriter().write(Self.record(), context: SampleRecord.context)
        #expect(one.contains("::warning file=App/Sources/Feature/F.swift,line=5,title=Not covered by tests::Line 5 changed since origin/main"))
        let many = GitHubAnnotationWriter().write(Self.record(uncoveredRanges: 15), context: SampleRecord.context)
        let warnings = many.split(separator: "\n").filter { $0.hasPrefix("::warning") }
        #expect(warnings.count == GitHubAnnotationWriter.perStepLimit)
        // The sample's flaky test's warning comes first; the coverage ranges follow, then the count of the rest.
        #expect(warnings[1].contains("line=5,title=Not covered by tests"))
        #expect(warnings[2].contains("line=15,endLine=17,title=Not covered by tests") && warnings[2].contains("Lines 15–17 changed"))
        #expect(warnings.last?.contains("7 more warnings") == true, "\(warnings.last ?? "")")
    }

    @Test func harbormasterCarriesTheStringsOnACoverageUnit() throws {
        let message = HarbormasterWriter().message(Self.record(), context: SampleRecord.context, coverage: ["App/Sources/Feature/F.swift": "NNCU"])
        let unit = try #require(message.unit.last)
        #expect(unit.engine == "telltale/coverage" && unit.result == "fail" && unit.coverage == ["App/Sources/Feature/F.swift": "NNCU"])
        #expect(unit.details?.contains("lines 5 changed and not run") == true, "\(unit.details ?? "")")
        #expect(message.type == "fail")
        let passing = HarbormasterWriter().message(Self.record(gate: false), context: SampleRecord.context)
        #expect(passing.unit.last?.result == "pass" && passing.unit.last?.coverage == nil)
        #expect(!HarbormasterWriter().message(SampleRecord.record, context: SampleRecord.context).unit.contains { $0.engine == "telltale/coverage" })
        let remarkup = RemarkupSummaryWriter().write(Self.record(), context: SampleRecord.context)
        // `/` is followed by a zero-width space there, so it cannot open italics.
        #expect(remarkup.contains("line coverage 85.0% (170/\u{200B}200), diff coverage 3/\u{200B}4, 75.0%"), "\(remarkup)")
        #expect(remarkup.contains("- **Below the threshold:** diff coverage 75.0%"))
    }

    @Test func theHTMLCarriesTheCoverageAndItsMarkedSources() throws {
        let view = CoverageSourceView(
            path: "Sources/Feature/F.swift", lines: ["func f() {", "  // note", "  g()", "}"], marks: [.covered, .none, .uncovered, .covered],
            counts: [1: 2, 3: 0, 4: 2], changed: [LineRange(3, 3)])
        let page = String(decoding: HTMLReportWriter(coverageSources: [view]).write(Self.record(), context: SampleRecord.context), as: UTF8.self)
        #expect(
            page.contains(#""coverage":{"lines":[170,200,"85.0%"],"functions":[40,50,"80.0%"],"targets":[["Core",100,110,20,22,"90.9%","90.9%"]"#))
        #expect(page.contains(#"["Sources/Feature/F.swift","Feature",70,90,20,28,0,"77.8%","71.4%"]"#))
        #expect(page.contains(#"{"p":"Sources/Feature/F.swift","t":["func f() {","  // note","  g()","}"],"c":[2,-1,0,2],"ch":[[3,3]]}"#))
        #expect(page.contains("function openCoverageSource"))
        // The trend: the history's runs that measured coverage, oldest first.
        var withHistory = Self.record()
        withHistory.history = HistoryDigest(runs: [
            HistoryRunPoint(startedAt: Date(timeIntervalSince1970: 0), commit: "a", branch: nil, tests: 1, passed: 1, failed: 0, duration: 1),
            HistoryRunPoint(
                startedAt: Date(timeIntervalSince1970: 60), commit: "b", branch: nil, tests: 1, passed: 1, failed: 0, duration: 1,
                coverage: CoverageCount(covered: 160, total: 200)),
            HistoryRunPoint(
                startedAt: Date(timeIntervalSince1970: 120), commit: "c", branch: nil, tests: 1, passed: 1, failed: 0, duration: 1,
                coverage: CoverageCount(covered: 170, total: 200)),
        ])
        let trended = String(decoding: HTMLReportWriter().write(withHistory, context: SampleRecord.context), as: UTF8.self)
        #expect(trended.contains(#""trend":[["1970-01-01T00:01:00Z",160,200,"b","80.0%"],["1970-01-01T00:02:00Z",170,200,"c","85.0%"]]"#))
        let plain = String(decoding: HTMLReportWriter().write(SampleRecord.record, context: SampleRecord.context), as: UTF8.self)
        #expect(!plain.contains("openCoverageSource") && !plain.contains(".src .ln"))
    }
}
