import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// The change's lines, its coverage, the gate, and Harbormaster's strings.
@Suite(.tags(.small))
struct DiffCoverageTests {
    @Test func hunksGiveTheNewSidesLinesAndDeletionsNone() {
        let diff = """
            diff --git a/Sources/Core/Core.swift b/Sources/Core/Core.swift
            index 1111111..2222222 100644
            --- a/Sources/Core/Core.swift
            +++ b/Sources/Core/Core.swift
            @@ -4 +4 @@ public func area() {
            -    return 1
            +    return 2
            @@ -10,2 +10,0 @@
            -gone
            -gone
            @@ -20,0 +19,3 @@
            +a
            +b
            +c
            diff --git a/Old.swift b/Old.swift
            deleted file mode 100644
            --- a/Old.swift
            +++ /dev/null
            @@ -1,2 +0,0 @@
            -x
            -y
            diff --git "a/Sources/Tab\\there.swift" "b/Sources/Tab\\there.swift"
            --- "a/Sources/Tab\\there.swift"
            +++ "b/Sources/Tab\\there.swift"
            @@ -1 +1,2 @@
            """
        let changed = ChangedLines.parse(diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        #expect(changed == ["Sources/Core/Core.swift": [LineRange(4, 4), LineRange(19, 21)], "Sources/Tab\there.swift": [LineRange(1, 2)]])
    }

    static func data(diffMinimum: Double? = 60, minimum: Double? = nil) -> LineCoverage {
        LineCoverage(
            root: "/repo", repositoryPrefix: "", base: "origin/main (merge-base 1a2b3c4d)",
            thresholds: CoverageThresholds(minimum: minimum, diffMinimum: diffMinimum),
            files: [
                CoverageFile(
                    path: "Sources/Shapes/Shapes.swift", target: "Shapes",
                    lines: [8, 9, 10, 11, 12, 13, 20, 22].map { CoverageLine(line: $0, count: $0 == 22 ? 0 : 3) },
                    changed: [LineRange(11, 11), LineRange(22, 22), LineRange(30, 31)]),
                CoverageFile(
                    path: "Sources/Pricing/Pricing.swift", target: "Pricing", lines: [5, 6].map { CoverageLine(line: $0, count: 0) }, changed: []),
            ])
    }

    @Test func diffCoverageCountsTheChangesExecutableLines() {
        let summary = CoverageSummarizer.summarize(Self.data())
        let diff = try! #require(summary.diff)
        #expect(diff.lines == CoverageCount(covered: 1, total: 2))
        #expect(
            diff.files == [
                DiffCoverageFile(path: "Sources/Shapes/Shapes.swift", lines: CoverageCount(covered: 1, total: 2), uncovered: [LineRange(22, 22)])
            ])
        #expect(diff.summaryLine == "diff coverage 1/2, 50.0% (since origin/main (merge-base 1a2b3c4d))")
        #expect(summary.lines == CoverageCount(covered: 7, total: 10))
        #expect(summary.targets.map(\.name) == ["Pricing", "Shapes"])
    }

    @Test func theGateNamesTheFigureTheThresholdAndTheWorstFiles() {
        let summary = CoverageSummarizer.summarize(Self.data(diffMinimum: 60, minimum: 80))
        #expect(summary.gateFailures.map(\.figure) == [.total, .diff])
        #expect(
            summary.gateFailures[0].message
                == "line coverage 70.0% (7/10 lines) is below the minimum of 80%; worst files: Sources/Pricing/Pricing.swift (0/2), Sources/Shapes/Shapes.swift (7/8)"
        )
        #expect(
            summary.gateFailures[1].message
                == "diff coverage 50.0% (1/2 lines) is below the diffMinimum of 60%; worst files: Sources/Shapes/Shapes.swift (1/2, not run: lines 22)"
        )
        #expect(CoverageSummarizer.summarize(Self.data(diffMinimum: 50)).gateFailures.isEmpty)
        let record = RunRecord(
            tool: ToolInfo(version: "0"), plan: PlanSummary(name: "p", path: nil, package: "."),
            environment: RunEnvironment(host: "h", operatingSystem: "os"), startedAt: .init(), duration: 0, tests: [], coverage: summary)
        #expect(record.failed)
    }

    @Test func aChangeWithNoExecutableLinePassesTheDiffGate() throws {
        var data = Self.data(diffMinimum: 100)
        let shapes = try #require(data.files.firstIndex { $0.path == "Sources/Shapes/Shapes.swift" })
        data.files[shapes].changed = [LineRange(30, 31)]
        let summary = CoverageSummarizer.summarize(data)
        #expect(summary.diff?.lines == CoverageCount())
        #expect(summary.gateFailures.isEmpty)
        #expect(summary.diff?.summaryLine.contains("no executable line") == true)
    }

    @Test func harbormasterStringsMarkEachLineOfTheChangedFiles() {
        let (coverage, leftOut) = HarbormasterCoverage.strings(Self.data())
        #expect(leftOut == 0)
        #expect(coverage == ["Sources/Shapes/Shapes.swift": String(repeating: "N", count: 7) + "CCCCCC" + String(repeating: "N", count: 6) + "CNU"])
        var all = Self.data()
        all.base = nil
        #expect(Set(HarbormasterCoverage.strings(all).coverage.keys) == ["Sources/Shapes/Shapes.swift", "Sources/Pricing/Pricing.swift"])
        #expect(HarbormasterCoverage.strings(all, maxCharacters: 10).leftOut == 1)
    }
}
