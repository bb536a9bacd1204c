import TelltaleModel

/// Splits a run's tests into CI shards that take about the same time.
///
/// Longest-processing-time first: units sorted by their past duration, longest
/// first, each given to the shard with the least work so far. A unit is what must run together
/// (`TestUnits`: an XCTest class whole, a Swift Testing suite whole), so a shard runs each class
/// as `swift test` would; a class past durations say is longer than a shard's share is cut into
/// consecutive parts. Tests with no past timing count as their suite's median, else the median of
/// the known ones, else 1 s each. Ties break by first test id, so every shard of a run computes
/// the same split from the same listing. A plan's serial suite is one unit: it stays on one machine.
package enum ShardPlanner {
    /// The key timings are stored under: what JUnit shows as `classname/name`.
    package static func timingKey(_ id: TestID) -> String {
        id.timingKey
    }

    /// Shard `shard.index` (1-based) of `shard.count`, as a subset of `tests` in their order.
    /// `wholeClasses` false (`--shuffle`) makes each XCTest test a unit.
    package static func select(
        _ tests: [ListedTest], shard: Shard, durations: [String: Double], serialGroups: [TestID: String] = [:], wholeClasses: Bool = true
    ) -> [ListedTest] {
        let shards = split(tests, count: shard.count, durations: durations, serialGroups: serialGroups, wholeClasses: wholeClasses)
        let chosen = Set(shards[shard.index - 1].map(\.id))
        return tests.filter { chosen.contains($0.id) }
    }

    /// Every shard's tests, for balance checks and benchmarks.
    package static func split(
        _ tests: [ListedTest], count: Int, durations: [String: Double], serialGroups: [TestID: String] = [:], wholeClasses: Bool = true
    ) -> [[ListedTest]] {
        let estimates = DurationEstimates(recorded: durations, tests: tests)
        func duration(_ id: TestID) -> Double { estimates?.seconds(id) ?? 1 }
        let byID = Dictionary(tests.map { ($0.id, $0) }) { first, _ in first }

        var grouped: [String: [ListedTest]] = [:]
        var pooled: [ListedTest] = []
        for test in tests {
            if let group = serialGroups[test.id] { grouped[group, default: []].append(test) } else { pooled.append(test) }
        }
        var units: [(tests: [ListedTest], duration: Double, key: String)] = []
        for framework in TestFramework.allCases {
            let whole = TestUnits.of(pooled.filter { $0.framework == framework }.map(\.id), framework: framework, wholeClasses: wholeClasses)
            for unit in TestUnits.splittingLong(whole, framework: framework, estimates: estimates, parallelism: count).units {
                units.append((unit.compactMap { byID[$0] }, unit.reduce(0) { $0 + duration($1) }, unit[0].rawValue))
            }
        }
        for (group, members) in grouped {
            units.append((members, members.reduce(0) { $0 + duration($1.id) }, "serial:" + group))
        }
        units.sort { ($0.duration, $1.key) > ($1.duration, $0.key) }

        var shards = Array(repeating: [ListedTest](), count: max(1, count))
        var loads = Array(repeating: 0.0, count: max(1, count))
        for unit in units {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            shards[lightest] += unit.tests
            loads[lightest] += unit.duration
        }
        return shards
    }
}
