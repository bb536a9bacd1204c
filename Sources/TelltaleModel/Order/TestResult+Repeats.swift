extension TestResult {
    /// Every run of the test in this run, oldest first: its earlier attempts and itself.
    package var allAttempts: [TestAttempt] { previousAttempts + [TestAttempt(self)] }

    /// The result with its tally over `repetitions` (`--repeat`, `--until-failure`): each
    /// repetition ends with its last attempt, and a repetition that ended failing fails the test,
    /// as that run alone would have failed. A test whose last attempt passed but that failed a
    /// repetition is `failed`, with a first message that says in how many; skipped throughout, it
    /// is left as it is.
    package func judgedOverRepetitions(_ repetitions: Int) -> TestResult {
        guard repetitions > 1 else { return self }
        let all = allAttempts
        var lastOfRepetition: [Int: TestOutcome] = [:]
        for attempt in all { lastOfRepetition[attempt.repetition ?? 1] = attempt.outcome }
        let counted = all.filter { $0.outcome != .skipped }
        let repeats = TestRepeats(
            repetitions: lastOfRepetition.count,
            failedRepetitions: lastOfRepetition.values.count(where: \.isFailure),
            runs: counted.count,
            failures: counted.count(where: \.outcome.isFailure)
        )
        var result = self
        result.repeats = repeats
        if repeats.failedRepetitions > 0, outcome == .passed {
            result.outcome = .failed
            result.messages.insert(TestMessage(kind: .failure, text: repeats.summary), at: 0)
        }
        return result
    }

    /// Its runs as the flaky classifier reads them, on `machine`.
    package func observations(machine: String?) -> [AttemptObservation] {
        allAttempts.map { attempt in
            AttemptObservation(
                outcome: attempt.outcome, duration: attempt.duration, worker: attempt.placement?.worker ?? worker,
                machine: attempt.machine ?? machine,
                variant: id.variant, process: attempt.placement?.process, position: attempt.placement?.position,
                seed: attempt.placement?.seed)
        }
    }
}
