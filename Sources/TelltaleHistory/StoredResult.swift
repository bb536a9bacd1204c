import Foundation
import TelltaleModel

/// A `result` row read back whole, with its run's host: what `telltale bisect --run RUN_ID`
/// rebuilds a run's processes from, and what the flaky causes across runs are judged on.
struct StoredResult: Sendable {
    var runID: Int64
    /// The run's host: the machine the flaky causes compare.
    var host: String?
    var key: String
    var testID: String
    var outcome: TestOutcome
    var duration: Double
    /// Retried tests only, oldest first, the last the result's (as `WindowResult` reads them).
    var attemptOutcomes: [TestOutcome]
    var attemptDurations: [Double]
    var worker: Int?
    /// One per attempt, oldest first; empty when the row has none (a JUnit import, or a run from before they were kept).
    var placements: [StoredAttempt]
    var orderDependency: OrderDependency?
    var flakyCause: FlakyCause?

    init(
        runID: Int64, host: String?, key: String, testID: String, outcome: String, duration: Double, attemptOutcomes: String?,
        attemptDurations: String?, worker: Int?, placements: String?, orderDependency: String?, flakyCause: String?,
        flakyEvidence: String?
    ) {
        self.runID = runID
        self.host = host
        self.key = key
        self.testID = testID
        self.outcome = TestOutcome(rawValue: outcome) ?? .error
        self.duration = duration
        self.attemptOutcomes = (attemptOutcomes ?? "").split(separator: ",").compactMap { TestOutcome(rawValue: String($0)) }
        self.attemptDurations = (attemptDurations ?? "").split(separator: ",").compactMap { Double(String($0)) }
        self.worker = worker
        self.placements = StoredAttempt.decode(placements)
        self.orderDependency = StoredAttempt.orderDependency(orderDependency)
        self.flakyCause = flakyCause.flatMap(FlakyCause.Kind.init(rawValue:)).map { FlakyCause(kind: $0, evidence: flakyEvidence ?? "") }
    }

    /// Every attempt, oldest first: outcome, duration and where it ran (the placements line up
    /// with the attempts; a row from before they were kept has none).
    var attempts: [TestAttempt] {
        let outcomes = attemptOutcomes.isEmpty ? [outcome] : attemptOutcomes
        return outcomes.enumerated().map { index, outcome in
            let stored = placements.count == outcomes.count ? placements[index] : nil
            let duration = attemptDurations.count == outcomes.count ? attemptDurations[index] : self.duration
            return TestAttempt(outcome: outcome, duration: duration, placement: stored?.placement, repetition: stored?.r)
        }
    }

    /// Its runs as `FlakyClassifier` reads them: the machine is the run's host. The variant is
    /// left out: the history keeps one result per test key and run, whatever the variants.
    var observations: [AttemptObservation] {
        attempts.map { attempt in
            AttemptObservation(
                outcome: attempt.outcome, duration: attempt.duration, worker: attempt.placement?.worker ?? worker, machine: host,
                process: attempt.placement?.process, position: attempt.placement?.position, seed: attempt.placement?.seed)
        }
    }

    /// The result as a run's record has it (earlier attempts, placements, order dependency,
    /// cause); the framework as its id suggests (a Swift Testing function has parentheses in its name),
    /// which a caller that lists the tests can correct.
    var testResult: TestResult {
        let all = attempts
        let id = TestID(testID)
        var result = TestResult(
            id: id, framework: id.listedName.contains("(") ? .swiftTesting : .xctest, outcome: outcome, duration: duration,
            previousAttempts: Array(all.dropLast()), worker: worker, placement: all.last?.placement)
        result.repetition = all.last?.repetition
        result.orderDependency = orderDependency
        result.flakyCause = flakyCause
        return result
    }
}
