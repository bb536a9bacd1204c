import Foundation
import Synchronization
import TelltaleModel
import TelltaleReports

/// The report folder of a run: `run.json`, `junit.xml`, `index.html`, `summary.md`,
/// `events.jsonl` and `logs/`.
public struct ReportDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public var logsPath: String { "\(path)/logs" }
    public var runRecordPath: String { "\(path)/run.json" }
    public var junitPath: String { "\(path)/junit.xml" }
    public var htmlPath: String { "\(path)/index.html" }
    public var summaryPath: String { "\(path)/summary.md" }
    public var eventsPath: String { "\(path)/events.jsonl" }
    /// `telltale report --format harbormaster`: Conduit's `harbormaster.sendmessage` parameters.
    public var harbormasterPath: String { "\(path)/harbormaster.json" }
    /// Beside it, the summary in Phabricator's markup.
    public var remarkupSummaryPath: String { "\(path)/summary.remarkup" }

    /// Every report file, `run.json` first.
    public var reportPaths: [String] { [runRecordPath, junitPath, htmlPath, summaryPath, eventsPath] }

    /// Where tests' attachments go, one folder per test (`AttachmentStore`).
    public var attachmentsPath: String { "\(path)/attachments" }

    /// Creates the folder and its `logs/`, clearing reports and attachments of an earlier
    /// run so nothing stale is mistaken for this run's.
    public func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: logsPath, withIntermediateDirectories: true)
        for file in reportPaths + [attachmentsPath] where manager.fileExists(atPath: file) {
            try manager.removeItem(atPath: file)
        }
    }

    /// Copies the attachments `record` lists from the report folder it was written in
    /// (`telltale merge`: each shard's into the merged folder). Returns a note for each
    /// that is missing there.
    public func copyAttachments(of record: RunRecord, from source: String) -> [String] {
        let manager = FileManager.default
        var missing: [String] = []
        for test in record.tests {
            for attachment in test.attachments {
                let from = "\(source)/\(attachment.path)"
                let to = "\(path)/\(attachment.path)"
                guard from != to else { continue }
                do {
                    try manager.createDirectory(
                        atPath: URL(fileURLWithPath: to).deletingLastPathComponent().path, withIntermediateDirectories: true)
                    if manager.fileExists(atPath: to) { try manager.removeItem(atPath: to) }
                    try manager.copyItem(atPath: from, toPath: to)
                } catch {
                    missing.append("attachment \(attachment.path) of \(test.id) could not be copied from \(source): \(error.localizedDescription)")
                }
            }
        }
        return missing
    }

    /// Writes `harbormaster.json` and `summary.remarkup`, for Phabricator's Harbormaster.
    public func writeHarbormasterReports(_ record: RunRecord, context: ReportContext) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var context = context
        if context.reportDirectory == ReportContext.defaultReportDirectory { context.reportDirectory = path }
        try HarbormasterWriter().write(record, context: context).write(to: URL(fileURLWithPath: harbormasterPath), options: .atomic)
        try Data(RemarkupSummaryWriter().write(record, context: context).utf8).write(
            to: URL(fileURLWithPath: remarkupSummaryPath), options: .atomic)
    }

    /// Writes every report from the record: the pure writers produce bytes, this puts them on disk.
    /// The writers run in parallel; each file is written atomically. `includingRunRecord: false`
    /// leaves `run.json` alone: `telltale report` reads it and must not rewrite its own input.
    public func writeReports(_ record: RunRecord, context: ReportContext, includingRunRecord: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var context = context
        if context.reportDirectory == ReportContext.defaultReportDirectory { context.reportDirectory = path }
        var allJobs: [@Sendable () throws -> (String, Data)] = [
            { [context] in (htmlPath, HTMLReportWriter(attachmentsRoot: path).write(record, context: context)) },
            { [context] in (eventsPath, EventsJSONLWriter().write(record, context: context)) },
            { [context] in (junitPath, JUnitWriter().write(record, context: context)) },
            { [context] in (summaryPath, Data(MarkdownSummaryWriter().write(record, context: context).utf8)) },
        ]
        if includingRunRecord { allJobs.insert({ (runRecordPath, try RunRecordFile.encode(record)) }, at: 1) }
        let jobs = allJobs
        let errors = Mutex<[any Error]>([])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do {
                let (file, data) = try jobs[index]()
                try data.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                errors.withLock { $0.append(error) }
            }
        }
        if let error = errors.withLock({ $0.first }) { throw error }
    }
}
