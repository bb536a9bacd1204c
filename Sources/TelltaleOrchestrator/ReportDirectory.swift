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

    /// The folder as an absolute path: `TELLTALE_RUN_DIR`, and where services' relative paths resolve.
    public var absolutePath: String { URL(fileURLWithPath: path).standardizedFileURL.path }
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
        for file in reportPaths + continuedJUnitPaths() + [attachmentsPath] + staleCoveragePaths where manager.fileExists(atPath: file) {
            try manager.removeItem(atPath: file)
        }
    }

    /// `junit-2.xml`, `junit-3.xml`, …: where a run too large for one JUnit file continues.
    public func continuedJUnitPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let numbers = names.compactMap { name -> Int? in
            guard name.hasPrefix("junit-"), name.hasSuffix(".xml") else { return nil }
            return Int(name.dropFirst(6).dropLast(4))
        }
        return numbers.sorted().map { "\(path)/junit-\($0).xml" }
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
        try HarbormasterWriter().write(record, context: context, coverage: harbormasterCoverage(record))
            .write(to: URL(fileURLWithPath: harbormasterPath), options: .atomic)
        try Data(RemarkupSummaryWriter().write(record, context: context).utf8).write(
            to: URL(fileURLWithPath: remarkupSummaryPath), options: .atomic)
    }

    /// Writes the JUnit files alone (`telltale report --format junit`); returns their paths and
    /// the notes on what was split or left out.
    public func writeJUnitReports(_ record: RunRecord, context: ReportContext) throws -> (paths: [String], notes: [String]) {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var context = context
        if context.reportDirectory == ReportContext.defaultReportDirectory { context.reportDirectory = path }
        let junit = JUnitWriter().files(record, context: context)
        for stale in continuedJUnitPaths() { try FileManager.default.removeItem(atPath: stale) }
        var paths: [String] = []
        for (index, document) in junit.documents.enumerated() {
            let file = "\(path)/\(JUnitFiles.fileName(index))"
            try document.write(to: URL(fileURLWithPath: file), options: .atomic)
            paths.append(file)
        }
        return (paths, junit.notes)
    }

    /// Writes every report from the record: the pure writers produce bytes, this puts them on disk.
    /// The writers run in parallel; each file is written atomically. `includingRunRecord: false`
    /// leaves `run.json` alone: `telltale report` reads it and must not rewrite its own input.
    ///
    /// JUnit comes first: when the run is too large for one file under GitLab's rules, its notes
    /// (which files, what was left out) join the record's, so every other report shows them.
    /// So do the coverage outputs' (`ReportDirectory+Coverage.swift`). Returns those notes.
    @discardableResult
    public func writeReports(_ record: RunRecord, context: ReportContext, includingRunRecord: Bool = true) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var context = context
        if context.reportDirectory == ReportContext.defaultReportDirectory { context.reportDirectory = path }
        let junit = JUnitWriter().files(record, context: context)
        let coverage = try coverageOutputs(record, context: context)
        var record = record
        record.notes += (junit.notes + coverage.notes).filter { !record.notes.contains($0) }
        for stale in continuedJUnitPaths() { try? FileManager.default.removeItem(atPath: stale) }
        let sourceViews = coverage.sourceViews
        var allJobs: [@Sendable () throws -> (String, Data)] = [
            { [context, record] in
                (htmlPath, HTMLReportWriter(attachmentsRoot: path, coverageSources: sourceViews).write(record, context: context))
            },
            { [context, record] in (eventsPath, EventsJSONLWriter().write(record, context: context)) },
            { [context, record] in (summaryPath, Data(MarkdownSummaryWriter().write(record, context: context).utf8)) },
        ]
        for (index, document) in junit.documents.enumerated() {
            allJobs.append { ("\(path)/\(JUnitFiles.fileName(index))", document) }
        }
        for file in coverage.files { allJobs.append { file } }
        if includingRunRecord { allJobs.insert({ [record] in (runRecordPath, try RunRecordFile.encode(record)) }, at: 1) }
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
        return junit.notes + coverage.notes
    }
}
