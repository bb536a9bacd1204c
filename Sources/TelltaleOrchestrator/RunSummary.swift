import TelltaleModel

/// What a finished run hands back to the command: the record and where it was written.
package struct RunSummary: Sendable {
    /// The run's record, with the notes the report writers added (which files, what was left out).
    package var record: RunRecord
    /// The folder the reports went to, as the plan or `--report-dir` named it.
    package var reportDirectory: String
    /// 0 when nothing failed (quarantined failures aside), 1 when a test or a gate did; a run that
    /// stopped early throws instead, with this summary inside its error.
    package var exitCode: TelltaleExitCode

    package init(record: RunRecord, reportDirectory: String, exitCode: TelltaleExitCode) {
        self.record = record
        self.reportDirectory = reportDirectory
        self.exitCode = exitCode
    }
}
