import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct ShardMergeTests {
    func record(shard: Shard?, tests: [String], start: Double, duration: Double) -> RunRecord {
        RunRecord(
            tool: ToolInfo(version: "1"),
            plan: PlanSummary(name: "p", path: nil, package: "."),
            environment: RunEnvironment(host: "h", operatingSystem: "os"),
            startedAt: Date(timeIntervalSince1970: start),
            duration: duration,
            tests: tests.map { TestResult(id: TestID($0), framework: .xctest, outcome: .passed) },
            notes: ["note"],
            shard: shard
        )
    }

    @Test func shardsBecomeOneRunInShardOrder() throws {
        let merged = try ShardMerge.records([
            record(shard: Shard(index: 2, count: 2), tests: ["M.C/b"], start: 100, duration: 30),
            record(shard: Shard(index: 1, count: 2), tests: ["M.C/a"], start: 90, duration: 20),
        ])
        #expect(merged.tests.map(\.id.rawValue) == ["M.C/a", "M.C/b"])
        #expect(merged.startedAt == Date(timeIntervalSince1970: 90))
        #expect(merged.duration == 40)
        #expect(merged.shard == nil)
        #expect(merged.notes == ["shard 1/2: note", "shard 2/2: note"])
    }

    @Test func aMissingShardIsAnErrorNamingIt() {
        #expect(throws: ShardMerge.MergeError.missingShards(found: [1, 3], count: 3)) {
            try ShardMerge.records([
                record(shard: Shard(index: 1, count: 3), tests: ["M.C/a"], start: 0, duration: 1),
                record(shard: Shard(index: 3, count: 3), tests: ["M.C/c"], start: 0, duration: 1),
            ])
        }
        #expect(ShardMerge.MergeError.missingShards(found: [1, 3], count: 3).errorDescription?.hasPrefix("shards 2/3 are missing") == true)
    }

    @Test func theSameTestTwiceIsAnError() {
        #expect(throws: ShardMerge.MergeError.duplicateTest("M.C/a")) {
            try ShardMerge.records([
                record(shard: nil, tests: ["M.C/a"], start: 0, duration: 1), record(shard: nil, tests: ["M.C/a"], start: 0, duration: 1),
            ])
        }
    }
}
