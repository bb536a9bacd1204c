import TelltaleModel

/// Splits a run's tests into CI shards that take about the same time.
///
/// Longest-processing-time first: units sorted by their past duration, longest
/// first, each given to the shard with the least work so far. Tests with no
/// past timing count as the median of the known ones. Ties break by test id, so
/// every shard of a run computes the same split from the same listing. A plan's
/// serial suite is one unit: it stays on one machine.
public enum ShardPlanner {
    /// The key timings are stored under: what JUnit shows as `classname/name`.
    public static func timingKey(_ id: TestID) -> String {
        id.timingKey
    }

    /// Shard `shard.index` (1-based) of `shard.count`, as a subset of `tests` in their order.
    public static func select(
        _ tests: [ListedTest], shard: Shard, durations: [String: Double], serialGroups: [TestID: String] = [:]
    ) -> [ListedTest] {
        let shards = split(tests, count: shard.count, durations: durations, serialGroups: serialGroups)
        let chosen = Set(shards[shard.index - 1].map(\.id))
        return tests.filter { chosen.contains($0.id) }
    }

    /// Every shard's tests, for balance checks and benchmarks.
    public static func split(
        _ tests: [ListedTest], count: Int, durations: [String: Double], serialGroups: [TestID: String] = [:]
    ) -> [[ListedTest]] {
        let fallback = durations.isEmpty ? 1.0 : durations.values.median
        func duration(_ test: ListedTest) -> Double { durations[timingKey(test.id)] ?? fallback }

        var grouped: [String: [ListedTest]] = [:]
        var units: [(tests: [ListedTest], duration: Double, key: String)] = []
        for test in tests {
            if let group = serialGroups[test.id] {
                grouped[group, default: []].append(test)
            } else {
                units.append(([test], duration(test), test.id.rawValue))
            }
        }
        for (group, members) in grouped {
            units.append((members, members.reduce(0) { $0 + duration($1) }, "serial:" + group))
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
