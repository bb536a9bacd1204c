import TelltaleModel

/// A run's coverage on the console, for `run`, `report` and `merge`: its figures on stdout,
/// before the totals line, and each threshold it is below on stderr (the run exits 1); a run of
/// some of the plan's tests says its total was not held to `minimum`, and why.
enum CoverageConsole {
    static func print(_ record: RunRecord) {
        guard let coverage = record.coverage else { return }
        // `Swift.print`: a bare `print` here would find this type's own `print(_:)`.
        Swift.print(coverage.summaryLine)
        // A run of part of the plan's tests: its total is not held to `minimum`, and the note says why.
        if let note = coverage.minimumNotApplied { Console.diagnostics("coverage: \(note)") }
        // The exit 1 for a missed threshold is the caller's, through `RunRecord.failed`.
        for failure in coverage.gateFailures { Console.error(failure.message) }
        // A diff gate with nothing to judge passes; said so that the pass is not read as measured.
        if coverage.thresholds.diffMinimum != nil, let diff = coverage.diff, diff.lines.total == 0 {
            Console.diagnostics("diff coverage: the change has no executable line, so it passes diffMinimum")
        }
    }
}
