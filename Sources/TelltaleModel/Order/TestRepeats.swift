/// `--repeat N` or `--until-failure` on one test: how its runs went over the run's repetitions.
///
/// A repetition runs the whole selection again (with the next seed when shuffled), so every
/// run of a test is an attempt of its one result, as a retry is; this is their tally, kept with
/// the result so every report, the history and `merge` read the same figures.
package struct TestRepeats: Codable, Sendable, Hashable {
    /// The repetitions the test ran in.
    package var repetitions: Int
    /// Those that ended with it failing, after its retries.
    package var failedRepetitions: Int
    /// Every run of it (first attempts and retries, skips aside), and how many failed.
    package var runs: Int
    package var failures: Int

    package init(repetitions: Int, failedRepetitions: Int, runs: Int, failures: Int) {
        self.repetitions = repetitions
        self.failedRepetitions = failedRepetitions
        self.runs = runs
        self.failures = failures
    }

    /// Failed runs over all runs, 0 to 1.
    package var failureRate: Double { runs == 0 ? 0 : Double(failures) / Double(runs) }

    /// `30%`, rounded to a whole percent (never 0% when a run failed, nor 100% when one passed).
    package var percentText: String {
        var percent = Int((failureRate * 100).rounded())
        if failures > 0 { percent = max(1, percent) }
        if failures < runs { percent = min(99, percent) }
        return "\(percent)%"
    }

    /// `failed 3 of 12 runs (25%) over 10 repetitions, 2 ending failed`.
    package var summary: String {
        let ended = failedRepetitions == 0 ? "each passing in the end" : "\(failedRepetitions) ending failed"
        return
            "failed \(failures) of \(runs) run\(runs == 1 ? "" : "s") (\(percentText)) over \(repetitions) repetition\(repetitions == 1 ? "" : "s"), \(ended)"
    }
}
