import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct ShardPlannerTests {
    func tests(_ count: Int) -> [ListedTest] {
        (0..<count).map { ListedTest(id: TestID("M.C/test\($0)"), framework: .xctest) }
    }

    @Test func everyTestLandsInExactlyOneShard() {
        let all = tests(101)
        let shards = ShardPlanner.split(all, count: 4, durations: [:])
        #expect(shards.flatMap { $0 }.map(\.id).sorted() == all.map(\.id).sorted())
        // Without timings every test counts the same: shards differ by at most one test.
        #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1)
    }

    @Test func splitIsTheSameEveryTimeWhateverTheInputOrder() {
        let all = tests(50)
        let durations = Dictionary(
            uniqueKeysWithValues: all.enumerated().map { (ShardPlanner.timingKey($0.element.id), Double($0.offset % 7) + 0.5) })
        let forward = ShardPlanner.split(all, count: 3, durations: durations).map { Set($0.map(\.id)) }
        let backward = ShardPlanner.split(all.reversed(), count: 3, durations: durations).map { Set($0.map(\.id)) }
        #expect(forward == backward)
        let second = ShardPlanner.select(all, shard: Shard(index: 2, count: 3), durations: durations)
        #expect(Set(second.map(\.id)) == forward[1])
    }

    /// A skewed, realistic spread (many short tests, a few long ones) splits within 5%.
    @Test func skewedTimingsBalanceWithinFivePercent() {
        let all = tests(400)
        var durations: [String: Double] = [:]
        var seed: UInt64 = 42
        for test in all {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uniform = Double(seed >> 11) / Double(1 << 53)
            durations[ShardPlanner.timingKey(test.id)] = 0.01 * pow(300, uniform)  // 0.01 s to 3 s, log-uniform
        }
        let loads = ShardPlanner.split(all, count: 4, durations: durations).map { shard in
            shard.reduce(0) { $0 + durations[ShardPlanner.timingKey($1.id)]! }
        }
        let mean = loads.reduce(0, +) / 4
        #expect(loads.max()! / mean < 1.05, "loads: \(loads)")
    }

    @Test func unknownTestsCountAsTheMedianOfKnownOnes() {
        let all = tests(4)
        let durations = [ShardPlanner.timingKey(all[0].id): 10.0, ShardPlanner.timingKey(all[1].id): 1.0, ShardPlanner.timingKey(all[2].id): 1.0]
        let shards = ShardPlanner.split(all, count: 2, durations: durations)
        // The 10 s test alone; the two 1 s tests and the unknown one (median: 1 s) together.
        #expect(shards.map(\.count).sorted() == [1, 3])
    }

    @Test func serialGroupsStayInOneShard() {
        let all = tests(12)
        let groups = Dictionary(uniqueKeysWithValues: all.prefix(5).map { ($0.id, "db") })
        let shards = ShardPlanner.split(all, count: 3, durations: [:], serialGroups: groups)
        let holding = shards.filter { shard in shard.contains { groups[$0.id] != nil } }
        #expect(holding.count == 1)
        #expect(holding[0].count { groups[$0.id] != nil } == 5)
    }

    @Test func shardArgumentsParse() {
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "0/4") == nil)
        #expect(Shard(parsing: "5/4") == nil)
        #expect(Shard(parsing: "1") == nil)
        #expect(Shard(parsing: "a/b") == nil)
    }
}
