import TelltaleModel

/// What a finished run hands back to the command: the record and where it was written.
public struct RunSummary: Sendable {
    public var record: RunRecord
    public var reportDirectory: String
    public var exitCode: TelltaleExitCode

    public init(record: RunRecord, reportDirectory: String, exitCode: TelltaleExitCode) {
        self.record = record
        self.reportDirectory = reportDirectory
        self.exitCode = exitCode
    }
}
