import TelltaleModel

/// How long each test is expected to take, from past durations (`--timings`, keyed as
/// `ShardPlanner.timingKey`). A test with no record counts as its suite's median, or else
/// the median of every recorded test, so a new test in a slow suite is not taken for a fast one.
struct DurationEstimates: Sendable {
    private let recorded: [String: Double]
    private let suiteMedians: [String: Double]
    private let overallMedian: Double

    /// Nil when nothing is recorded: scheduling then does without estimates.
    init?(recorded: [String: Double], tests: [ListedTest]) {
        guard !recorded.isEmpty else { return nil }
        self.recorded = recorded
        var bySuite: [String: [Double]] = [:]
        for test in tests {
            if let seconds = recorded[ShardPlanner.timingKey(test.id)] { bySuite[test.id.suiteName, default: []].append(seconds) }
        }
        suiteMedians = bySuite.mapValues(\.median)
        overallMedian = recorded.values.median
    }

    func seconds(_ id: TestID) -> Double {
        recorded[ShardPlanner.timingKey(id)] ?? suiteMedians[id.suiteName] ?? overallMedian
    }
}
