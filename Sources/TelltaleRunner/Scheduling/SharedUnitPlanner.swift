import TelltaleModel

/// Queue mode's units, as the machine that fills the queue makes them: what must run together
/// stays together, as in the run's own queue (`TestUnits`): an XCTest class whole in its order
/// (cut into parts where past durations say it is long, measured against the filling machine's
/// workers, with a note), a Swift Testing suite under one variant whole (its `.serialized` trait
/// keeps it in one process), a plan's serial suite whole; each unit's expected seconds from past
/// durations, longest first (ties by first test id, so every machine would plan the same).
package enum SharedUnitPlanner {
    package struct Unit: Sendable, Hashable {
        package var framework: TestFramework
        package var tests: [TestID]
        package var serial: Bool
        package var seconds: Double
    }

    package static func units(_ tests: [ListedTest], durations: [String: Double], serialGroups: [TestID: String] = [:]) -> [Unit] {
        plan(tests, durations: durations, serialGroups: serialGroups).units
    }

    /// The units, and a note for each class cut into parts. `parallelism` (the filling machine's
    /// workers) is what a long class is measured against; `wholeClasses` false (`--shuffle`) makes
    /// each XCTest test a unit.
    package static func plan(
        _ tests: [ListedTest], durations: [String: Double], serialGroups: [TestID: String] = [:], parallelism: Int = 1,
        wholeClasses: Bool = true
    ) -> (units: [Unit], notes: [String]) {
        let estimates = DurationEstimates(recorded: durations, tests: tests)
        func seconds(_ ids: [TestID]) -> Double { estimates.map { estimates in ids.reduce(0) { $0 + estimates.seconds($1) } } ?? 0 }
        var serial: [String: [ListedTest]] = [:]
        var pooled: [ListedTest] = []
        for test in tests {
            if let group = serialGroups[test.id] { serial[group, default: []].append(test) } else { pooled.append(test) }
        }
        var units: [Unit] = []
        for group in serial.keys.sorted() {
            for framework in TestFramework.allCases {
                let ids = serial[group]!.filter { $0.framework == framework }.map(\.id)
                if !ids.isEmpty { units.append(Unit(framework: framework, tests: ids, serial: true, seconds: seconds(ids))) }
            }
        }
        var notes: [String] = []
        for framework in TestFramework.allCases {
            let whole = TestUnits.of(pooled.filter { $0.framework == framework }.map(\.id), framework: framework, wholeClasses: wholeClasses)
            let sized = TestUnits.splittingLong(whole, framework: framework, estimates: estimates, parallelism: parallelism)
            notes += sized.notes
            for ids in sized.units {
                units.append(Unit(framework: framework, tests: ids, serial: false, seconds: seconds(ids)))
            }
        }
        return (units.sorted { a, b in a.seconds != b.seconds ? a.seconds > b.seconds : a.tests[0] < b.tests[0] }, notes)
    }
}
