import TelltaleModel
import TelltaleTestSupport
import Testing

/// `TestResult.judgedUnderStress`: the verdict on every run a stressed test had.
@Suite(.tags(.small))
struct TestStressTests {
    static let reasons = ["new: no passing run in the history"]

    /// A result whose runs, oldest first, ended as `outcomes`: the last is the result itself.
    static func result(_ outcomes: [TestOutcome]) -> TestResult {
        let attempts = outcomes.dropLast().enumerated().map { index, outcome in
            TestAttempt(
                outcome: outcome, duration: Double(index + 1),
                messages: outcome.isFailure ? [TestMessage(kind: .failure, text: "run \(index + 1) failed")] : [])
        }
        let last = outcomes.last!
        return TestResult(
            id: TestID("M.S/t()"), framework: .swiftTesting, outcome: last, duration: Double(outcomes.count),
            messages: last.isFailure ? [TestMessage(kind: .failure, text: "run \(outcomes.count) failed")] : [],
            previousAttempts: Array(attempts))
    }

    @Test func runsThatAllPassAreStable() {
        let judged = Self.result([.passed, .passed, .passed]).judgedUnderStress(reasons: Self.reasons, extraRuns: 2, reportOnly: false)
        #expect(judged.outcome == .passed && judged.messages.isEmpty)
        #expect(judged.stress == TestStress(reasons: Self.reasons, extraRuns: 2, runs: 3, passed: 3, verdict: .stable))
    }

    /// Some passed, some failed: a failure of the run, whichever run came last.
    @Test func mixedRunsAreFlakyOnArrivalAndFail() {
        for outcomes: [TestOutcome] in [[.passed, .failed, .passed], [.passed, .passed, .error]] {
            let judged = Self.result(outcomes).judgedUnderStress(reasons: Self.reasons, extraRuns: 2, reportOnly: false)
            #expect(judged.outcome == .failed && judged.failsRun)
            #expect(judged.stress?.verdict == .flakyOnArrival && judged.stress?.passed == 2 && judged.stress?.runs == 3)
            #expect(judged.primaryMessage?.text == "flaky on arrival: passed 2 of 3 runs (new: no passing run in the history)")
            #expect(judged.previousAttempts.count == 2)
        }
    }

    /// Report only: it reads as a flaky test, the last passing run the result, the runs in order otherwise.
    @Test func reportOnlyReadsAsAFlakyTestThatPasses() {
        let judged = Self.result([.passed, .passed, .failed]).judgedUnderStress(reasons: Self.reasons, extraRuns: 2, reportOnly: true)
        #expect(judged.outcome == .passed && judged.isFlaky && !judged.failsRun)
        #expect(judged.duration == 2, "the second run, the last that passed")
        #expect(judged.previousAttempts.map(\.outcome) == [.passed, .failed])
        #expect(judged.previousAttempts.map(\.duration) == [1, 3])
        #expect(judged.messages.first?.kind == .warning)
        #expect(judged.messages.first?.text.hasPrefix("flaky on arrival: passed 2 of 3 runs") == true)
        #expect(judged.stress?.reportOnly == true)
    }

    /// Failing every run is a failure, not flakiness; skips are not runs.
    @Test func failingEveryRunIsNotFlakyAndSkipsAreNotRuns() {
        let failing = Self.result([.failed, .failed]).judgedUnderStress(reasons: Self.reasons, extraRuns: 2, reportOnly: false)
        #expect(failing.outcome == .failed && failing.stress?.verdict == .failing)
        #expect(failing.messages.map(\.text) == ["run 2 failed"])
        let skipped = Self.result([.skipped]).judgedUnderStress(reasons: Self.reasons, extraRuns: 2, reportOnly: false)
        #expect(skipped.stress?.verdict == .skipped && skipped.stress?.runs == 0)
    }
}
