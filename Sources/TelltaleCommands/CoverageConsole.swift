import TelltaleModel

/// A run's coverage on the console, for `run`, `report` and `merge`: its figures on stdout,
/// before the totals line, and each threshold it is below on stderr (the run exits 1); a run of
/// some of the plan's tests says its total was not held to `minimum`, and why.
enum CoverageConsole {
    static func print(_ record: RunRecord) {
        guard let coverage = record.coverage else { return }
        Swift.print(coverage.summaryLine)
        if let note = coverage.minimumNotApplied { Console.diagnostics("coverage: \(note)") }
        for failure in coverage.gateFailures { Console.error(failure.message) }
        if coverage.thresholds.diffMinimum != nil, let diff = coverage.diff, diff.lines.total == 0 {
            Console.diagnostics("diff coverage: the change has no executable line, so it passes diffMinimum")
        }
    }
}
