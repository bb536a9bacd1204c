import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// A run of some of the plan's tests: `minimum` does not judge its total, `diffMinimum` still
/// judges the change, and every shard merged is a whole run again.
@Suite(.tags(.small))
struct CoverageSubsetTests {
    static let changed = CoverageSubset(selected: 1, planned: 4, reasons: ["--changed --select tests"])

    @Test func aPartialRunsTotalIsNotJudgedButItsChangeIs() {
        var data = DiffCoverageTests.data(diffMinimum: 60, minimum: 80)
        data.subset = Self.changed
        let summary = CoverageSummarizer.summarize(data)
        #expect(summary.gateFailures.map(\.figure) == [.diff], "the total 70% is below 80%, but this run ran 1 of 4 tests")
        #expect(summary.subset == Self.changed)
        #expect(
            summary.minimumNotApplied
                == "the minimum of 80% was not applied to the total: this run selected 1 of 4 tests (--changed --select tests); it judges runs of every test (diffMinimum judges every run with a base)"
        )
        data.thresholds.diffMinimum = nil
        #expect(CoverageSummarizer.summarize(data).gateFailures.isEmpty)
        data.thresholds.minimum = nil
        #expect(CoverageSummarizer.summarize(data).minimumNotApplied == nil, "no minimum, nothing to say")
    }

    /// `telltale merge`: every shard together is a whole run; what narrowed each shard still narrows it.
    @Test func everyShardMergedIsAWholeRunAgain() throws {
        var parts = (1...2).map { index in
            var data = DiffCoverageTests.data(diffMinimum: nil, minimum: 80)
            data.subset = CoverageSubset(selected: 2, planned: 4, reasons: [], shard: Shard(index: index, count: 2))
            return data
        }
        let whole = LineCoverage.merging(parts).data
        #expect(whole.subset == nil)
        #expect(CoverageSummarizer.summarize(whole).gateFailures.map(\.figure) == [.total])
        #expect(CoverageSummarizer.summarize(parts[0]).gateFailures.isEmpty, "one shard alone is not judged")

        for index in parts.indices {
            parts[index].subset = CoverageSubset(selected: 1, planned: 4, reasons: ["--changed"], shard: parts[index].subset?.shard)
        }
        let narrowed = try #require(LineCoverage.merging(parts).data.subset)
        #expect(narrowed == CoverageSubset(selected: 2, planned: 4, reasons: ["--changed"]))
        #expect(narrowed.description == "2 of 4 tests (--changed)")
        #expect(CoverageSubset(selected: 3, planned: 12, reasons: [], shard: Shard(index: 1, count: 4)).description == "3 of 12 tests (shard 1/4)")
    }

    /// `coverage.json` keeps it, so `telltale report` and `merge` read what the run decided.
    @Test func coverageJSONKeepsTheSubset() throws {
        var data = DiffCoverageTests.data()
        data.subset = Self.changed
        let read = try JSONValueDecoder().decode(LineCoverage.self, from: try LineCoverageFile.encode(data))
        #expect(read.subset == Self.changed)
    }
}
