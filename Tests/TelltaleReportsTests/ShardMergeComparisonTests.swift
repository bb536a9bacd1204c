import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// `telltale merge` of shards compared with their base: the merged record carries their classes
/// and their gate until the merge compares the whole run.
@Suite(.tags(.small))
struct ShardMergeComparisonTests {
    @Test func theShardsComparisonsAndGateCarryOver() throws {
        let baseline = BaselineSource(kind: .history, name: "main", match: .commit, commit: "m1", branch: "main", run: 3, tests: 3)
        func shard(_ index: Int, _ id: String, _ outcome: TestOutcome, _ change: TestComparison.Change) -> RunRecord {
            var record = RunRecord(
                tool: ToolInfo(version: "1"), plan: PlanSummary(name: "p", path: nil, package: "."),
                environment: RunEnvironment(host: "h", operatingSystem: "os"), startedAt: Date(timeIntervalSince1970: 100), duration: 1,
                tests: [TestResult(id: TestID(id), framework: .xctest, outcome: outcome)], shard: Shard(index: index, count: 2))
            record.failOn = .new
            record.comparison = BaselineComparison(
                baseline: baseline, tests: [id: TestComparison(change: change, base: .failed)], notRun: 1,
                subset: CoverageSubset(selected: 1, planned: 2, reasons: [], shard: Shard(index: index, count: 2)))
            return record
        }
        let merged = try ShardMerge.records([shard(1, "M.S/a", .failed, .stillFailing), shard(2, "M.S/b", .passed, .fixed)])
        #expect(merged.failOn == .new)
        #expect(merged.comparison?.tests.keys.sorted() == ["M.S/a", "M.S/b"] && merged.comparison?.baseline == baseline)
        #expect(merged.comparison?.subset == nil, "both shards: the whole run")
        #expect(!merged.failed, "the only failure is one main has too")
    }
}
