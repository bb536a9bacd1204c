import TelltaleModel

/// What must run together in one test process: the one definition every scheduler uses (the
/// run's own `WorkQueue`, CI shards' `ShardPlanner`, queue mode's `SharedUnitPlanner`).
///
/// A unit is an XCTest class whole, its tests in the class's order (on Linux XCTest runs a
/// process's tests in id order whatever it is given), or a Swift Testing top-level suite whole
/// (its `.serialized` trait keeps it in one process), under one variant. That is how `swift test`
/// runs them (each class in one process, in its order) and how Xcode's parallel testing hands
/// them out, so a test that needs an earlier test of its class (a brittle test and its
/// state-setter) or that an earlier one breaks (a victim and its polluter) gets the verdict it
/// gets there. Suites are written for it; a scheduler that splits a class changes verdicts.
///
/// Two exceptions, both said where they happen: a shuffled run (`--shuffle`) hands XCTest tests
/// out one by one, since finding order dependencies is what it is for; and a class whose recorded
/// duration is long (`longUnitSeconds`) is cut into consecutive parts, so one class cannot hold a
/// run back, with a note naming it.
enum TestUnits {
    /// The units of one framework's `ids`, by first test id; each unit's tests in id order.
    static func of(_ ids: [TestID], framework: TestFramework, wholeClasses: Bool = true) -> [[TestID]] {
        let sorted = ids.sorted()
        if framework == .xctest, !wholeClasses { return sorted.map { [$0] } }
        // A suite's variants are units of their own: each runs in processes of its own.
        let groups = Dictionary(grouping: sorted) { "\($0.module).\($0.components.first ?? "") [\($0.variant ?? "")]" }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// A unit longer than this many expected seconds is cut into parts: a worker's (or shard's)
    /// fair share of the whole, `total / parallelism`, but never under `shortestSplit`: below it,
    /// what splitting could save is less than what a changed verdict costs.
    static func longUnitSeconds(total: Double, parallelism: Int) -> Double {
        max(total / Double(max(1, parallelism)), shortestSplit)
    }

    /// Seconds of a unit below which it is never split.
    static let shortestSplit = 2.0

    /// `units` with each XCTest class longer than `longUnitSeconds` cut into consecutive parts of
    /// at most that many expected seconds (a test longer than that alone); with a note for each
    /// class cut. Swift Testing suites stay whole (a suite may be `.serialized`, which the listing
    /// does not say). Without estimates nothing is long.
    static func splittingLong(
        _ units: [[TestID]], framework: TestFramework, estimates: DurationEstimates?, parallelism: Int
    ) -> (units: [[TestID]], notes: [String]) {
        guard framework == .xctest, let estimates, parallelism > 1 else { return (units, []) }
        let seconds = units.map { $0.reduce(0) { $0 + estimates.seconds($1) } }
        let limit = longUnitSeconds(total: seconds.reduce(0, +), parallelism: parallelism)
        var result: [[TestID]] = []
        var notes: [String] = []
        for (unit, total) in zip(units, seconds) {
            guard total > limit, unit.count > 1 else {
                result.append(unit)
                continue
            }
            var parts: [[TestID]] = [[]]
            var running = 0.0
            for test in unit {
                let cost = estimates.seconds(test)
                if !parts[parts.count - 1].isEmpty, running + cost > limit {
                    parts.append([])
                    running = 0
                }
                parts[parts.count - 1].append(test)
                running += cost
            }
            result += parts
            notes.append(
                "\(unit[0].suiteName) takes \(Self.format(total)) s by past durations, more than a worker's share (\(Self.format(limit)) s): "
                    + "its \(unit.count) tests run in \(parts.count) parts, in its order; a test that needs an earlier one of its class may fail there (Flaky.md)"
            )
        }
        return (result, notes)
    }

    private static func format(_ seconds: Double) -> String {
        String(Double((seconds * 10).rounded()) / 10)
    }
}
