import TelltaleModel
import TelltaleTestSupport
import Testing

/// `FlakyClassifier`: a cause for each flaky test from its runs, in order of evidence.
@Suite(.tags(.small))
struct FlakyClassifierTests {
    static func run(
        _ outcome: TestOutcome, _ duration: Double = 0.01, worker: Int = 1, machine: String = "ci-1", variant: String? = nil
    ) -> AttemptObservation {
        AttemptObservation(outcome: outcome, duration: duration, worker: worker, machine: machine, variant: variant)
    }

    static let bisected = OrderDependency(
        kind: .victim, verdict: .found, tests: [TestID("M.C/testA")], process: "s-w1/p1", predecessors: 3, runs: 3, seconds: 0.4)

    @Test func aTestThatOnlyPassedOrOnlyFailedIsNotFlaky() {
        #expect(FlakyClassifier.classify([Self.run(.passed), Self.run(.passed)]) == nil)
        #expect(FlakyClassifier.classify([Self.run(.failed), Self.run(.error)]) == nil)
        #expect(FlakyClassifier.classify([Self.run(.failed), Self.run(.skipped)]) == nil)
    }

    @Test func aBisectedDependencyComesFirst() {
        let runs = [Self.run(.failed, 2), Self.run(.passed), Self.run(.failed, 2), Self.run(.passed)]
        let cause = FlakyClassifier.classify(runs, orderDependency: Self.bisected)
        #expect(cause?.kind == .orderDependent)
        #expect(cause?.evidence == "victim: fails after M.C/testA (bisected 3 predecessors in 3 runs)")
    }

    @Test func failuresThatAreAllTheLongestRunsAreSlowWhenFailing() {
        let runs = (0..<7).map { Self.run(.passed, 0.02 + Double($0) * 0.005) } + [0.61, 0.64, 0.62].map { Self.run(.failed, $0) }
        let cause = FlakyClassifier.classify(runs)
        #expect(cause == FlakyCause(kind: .slowWhenFailing, evidence: "failed 3 runs taking 0.61–0.64 s; passed 7 taking 0.02–0.05 s"))
    }

    /// The failures must stand apart: slightly longer failures (a failure message takes time to
    /// build), or failures among too few runs to be the longest by more than chance, are not it.
    @Test func slowNeedsAMarginAndEnoughRuns() {
        let slightly = (0..<7).map { _ in Self.run(.passed, 0.010) } + (0..<3).map { _ in Self.run(.failed, 0.012) }
        #expect(FlakyClassifier.classify(slightly)?.kind == .unexplained)
        let few = [Self.run(.passed, 0.01), Self.run(.passed, 0.01), Self.run(.failed, 1), Self.run(.failed, 1)]
        #expect(FlakyClassifier.classify(few)?.kind == .unexplained, "1 in C(4, 2) = 1/6 is chance")
        let oneSlowPass = (0..<7).map { _ in Self.run(.passed, 0.01) } + [Self.run(.passed, 0.9)] + (0..<3).map { _ in Self.run(.failed, 0.8) }
        #expect(FlakyClassifier.classify(oneSlowPass)?.kind == .unexplained)
    }

    @Test func failuresOnOneWorkerOnlyAreWorkerSpecific() {
        let runs =
            (0..<8).map { _ in Self.run(.failed, worker: 2) } + (0..<6).map { _ in Self.run(.passed, worker: 1) } + [Self.run(.passed, worker: 2)]
        #expect(
            FlakyClassifier.classify(runs) == FlakyCause(kind: .workerSpecific, evidence: "failed 8 of 9 runs on worker 2, passed 6 on the others"))
    }

    /// Three failures that happen to land on one of two workers: a 1 in 4 chance, not a pattern.
    @Test func failuresOnOneWorkerByChanceAreNot() {
        let runs =
            (0..<3).map { _ in Self.run(.failed, worker: 2) } + (0..<4).map { _ in Self.run(.passed, worker: 1) }
            + (0..<3).map { _ in Self.run(.passed, worker: 2) }
        #expect(FlakyClassifier.classify(runs)?.kind == .unexplained)
    }

    @Test func machineBeforeVariantBeforeWorker() {
        let machine =
            (0..<5).map { Self.run(.failed, worker: $0 % 2 + 1, machine: "mac-2") }
            + (0..<10).map { Self.run(.passed, worker: $0 % 2 + 1, machine: "ci-1") }
        #expect(FlakyClassifier.classify(machine)?.kind == .machineSpecific)
        let variant =
            (0..<5).map { Self.run(.failed, worker: $0 % 2 + 1, variant: "loggedOut") }
            + (0..<10).map { Self.run(.passed, worker: $0 % 2 + 1, variant: "loggedIn") }
        #expect(FlakyClassifier.classify(variant)?.kind == .variantSpecific)
    }

    /// One worker, no pattern: unexplained, and a bisection that did not reproduce says so.
    @Test func randomFailuresAreUnexplained() {
        let runs = (0..<10).map { Self.run([3, 6, 9].contains($0) ? .failed : .passed) }
        let notReproduced = OrderDependency(
            kind: .victim, verdict: .notReproduced, tests: [], process: "s-w1/p4", predecessors: 5, runs: 1, seconds: 0.1)
        let cause = FlakyClassifier.classify(runs, orderDependency: notReproduced)
        #expect(cause?.kind == .unexplained)
        #expect(
            cause?.evidence
                == "failed 3 of 10 runs, with no pattern in duration, machine, variant or worker; suspected victim, not reproduced (5 predecessors in 1 run)"
        )
    }
}
