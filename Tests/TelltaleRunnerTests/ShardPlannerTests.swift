import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct ShardPlannerTests {
    /// One-test classes, so each test is a unit of its own.
    func tests(_ count: Int) -> [ListedTest] {
        (0..<count).map { ListedTest(id: TestID("M.C\($0)/test"), framework: .xctest) }
    }

    /// A class runs whole on one shard (as `swift test` runs it), by test count without durations.
    @Test func aClassStaysInOneShard() {
        let all = WorkQueueClassTests.tests
        let shards = ShardPlanner.split(all, count: 3, durations: [:])
        for name in ["Account", "Cache", "Catalog", "Pricing"] {
            #expect(shards.filter { $0.contains { $0.id.suiteName == "M.\(name)Tests" } }.count == 1, "\(shards.map { $0.map(\.id) })")
        }
        #expect(shards.map(\.count).sorted() == [5, 6, 7], "6, 5 and 4 + 3 tests")
    }

    /// A class past durations say is longer than a shard's share is cut into parts, and the
    /// shards balance again.
    @Test func aLongClassIsCutAcrossShards() {
        let all = WorkQueueClassTests.tests
        var durations = Dictionary(uniqueKeysWithValues: all.map { ($0.id.timingKey, 0.5) })
        for number in 1...6 { durations["M.AccountTests/test\(number)"] = 10 }
        let shards = ShardPlanner.split(all, count: 3, durations: durations)
        #expect(shards.filter { $0.contains { $0.id.suiteName == "M.AccountTests" } }.count > 1)
        let loads = shards.map { $0.reduce(0) { $0 + durations[$1.id.timingKey]! } }
        #expect(loads.max()! - loads.min()! <= 10, "\(loads)")
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
