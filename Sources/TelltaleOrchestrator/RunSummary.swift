import TelltaleModel

/// What a finished run hands back to the command: the record and where it was written.
package struct RunSummary: Sendable {
    package var record: RunRecord
    package var reportDirectory: String
    package var exitCode: TelltaleExitCode

    package init(record: RunRecord, reportDirectory: String, exitCode: TelltaleExitCode) {
        self.record = record
        self.reportDirectory = reportDirectory
        self.exitCode = exitCode
    }
}
