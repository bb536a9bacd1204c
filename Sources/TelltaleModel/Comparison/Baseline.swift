import Foundation

/// The base's run as the comparison reads it: each test's outcome there, whether it was flaky,
/// and its durations. Made from the history's run of the base (`HistoryStore.baseline`) or from a
/// file the base's run left (`Baseline(record:source:)`: its run.json, or any tool's JUnit).
package struct Baseline: Sendable, Hashable {
    package var source: BaselineSource
    package var tests: [BaselineTest]
    /// Its tests may be named as another tool names them (a JUnit file): those the exact names
    /// leave unmatched are matched by suite and name, then by name.
    package var matchesLoosely: Bool

    package init(source: BaselineSource, tests: [BaselineTest], matchesLoosely: Bool = false) {
        self.source = source
        self.tests = tests
        self.matchesLoosely = matchesLoosely
    }

    /// The base's run from its record (a `run.json`, or a JUnit file read as one, whose tests
    /// are matched loosely): one duration a test, so its spread is that run alone.
    package init(record: RunRecord, source: BaselineSource) {
        var source = source
        source.tests = record.tests.count
        self.init(
            source: source,
            tests: record.tests.map { test in
                BaselineTest(
                    id: test.id, outcome: test.outcome, flaky: test.isFlaky || test.stress?.verdict == .flakyOnArrival,
                    duration: test.duration)
            },
            matchesLoosely: record.tool.name != "telltale")
    }
}

/// One test of the base's run.
package struct BaselineTest: Sendable, Hashable {
    package var id: TestID
    package var outcome: TestOutcome
    /// It failed and then passed on a retry there, or arrived flaky.
    package var flaky: Bool
    /// Seconds, in the base's run.
    package var duration: Double
    /// Its recorded durations on the base (the base's run and the runs of its branch before it,
    /// skips aside): what "much slower than on the base" is judged against. Never empty.
    package var durations: [Double]

    package init(id: TestID, outcome: TestOutcome, flaky: Bool = false, duration: Double, durations: [Double]? = nil) {
        self.id = id
        self.outcome = outcome
        self.flaky = flaky
        self.duration = duration
        self.durations = durations.flatMap { $0.isEmpty ? nil : $0 } ?? [duration]
    }
}
