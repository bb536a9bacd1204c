extension TestResult {
    /// The result with its stress verdict: every run it had (its earlier attempts and itself)
    /// judged together.
    ///
    /// Flaky on arrival (some runs passed, some failed) is `failed`, with a first message that
    /// says so, so every report and the exit status count it as any failure. Under `reportOnly`
    /// it reads as a flaky test instead (it passes the run, and every report marks it flaky): the
    /// last run that passed is the result, the other runs its earlier attempts, oldest first, and
    /// a warning says it arrived flaky. A test that failed every run is left as it is: it fails
    /// the run already, and is not flaky merely by failing.
    package func judgedUnderStress(reasons: [String], extraRuns: Int, reportOnly: Bool) -> TestResult {
        let all = previousAttempts + [TestAttempt(self)]
        let counted = all.filter { $0.outcome != .skipped }
        let passed = counted.count { $0.outcome == .passed }
        let verdict: TestStress.Verdict =
            counted.isEmpty ? .skipped : passed == counted.count ? .stable : passed == 0 ? .failing : .flakyOnArrival
        var result = self
        let stress = TestStress(
            reasons: reasons, extraRuns: extraRuns, runs: counted.count, passed: passed, verdict: verdict, reportOnly: reportOnly)
        result.stress = stress
        guard verdict == .flakyOnArrival else { return result }
        if reportOnly {
            if outcome != .passed, let last = all.lastIndex(where: { $0.outcome == .passed }) {
                let chosen = all[last]
                result.outcome = chosen.outcome
                result.duration = chosen.duration
                result.startedAt = chosen.startedAt
                result.messages = chosen.messages
                result.output = chosen.output
                // The argument cases described the last run, which is now an earlier attempt.
                result.cases = nil
                var others = all
                others.remove(at: last)
                result.previousAttempts = others
            }
            result.messages.insert(
                TestMessage(kind: .warning, text: stress.summary + "; the plan's `stress.onFlaky: report` keeps it from failing the run"),
                at: 0)
        } else {
            result.outcome = .failed
            result.messages.insert(TestMessage(kind: .failure, text: stress.summary), at: 0)
        }
        return result
    }
}
