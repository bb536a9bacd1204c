import Foundation
import TelltaleModel
import TelltaleReports

/// The report folder of a run: `run.json`, `junit.xml` and `logs/`.
public struct ReportDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public var logsPath: String { "\(path)/logs" }
    public var runRecordPath: String { "\(path)/run.json" }
    public var junitPath: String { "\(path)/junit.xml" }

    /// Creates the folder and its `logs/`, clearing reports of an earlier run so
    /// nothing stale is mistaken for this run's.
    public func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: logsPath, withIntermediateDirectories: true)
        for file in [runRecordPath, junitPath] where manager.fileExists(atPath: file) {
            try manager.removeItem(atPath: file)
        }
    }

    /// Writes every report from the record: the pure writers produce bytes, this puts them on disk.
    public func writeReports(_ record: RunRecord, context: ReportContext) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try RunRecordFile.encode(record).write(to: URL(fileURLWithPath: runRecordPath), options: .atomic)
        try JUnitWriter().write(record, context: context).write(to: URL(fileURLWithPath: junitPath), options: .atomic)
    }
}
