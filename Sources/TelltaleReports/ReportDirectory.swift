import Foundation
import Synchronization
import TelltaleModel

/// The report folder of a run: the files of every registered `ReportFormat` (`run.json`,
/// `junit.xml`, `index.html`, …), `logs/` and `attachments/`.
package struct ReportDirectory: Sendable {
    /// As given (`Reports`, often relative): reports name files under it as they are found from
    /// where Telltale ran.
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// The folder as an absolute path: `TELLTALE_RUN_DIR`, and where services' relative paths resolve.
    package var absolutePath: String { URL(fileURLWithPath: path).standardizedFileURL.path }
    /// `Reports/logs`, where `tests.log` keeps every test's whole output.
    package var logsPath: String { "\(path)/logs" }
    package var runRecordPath: String { self.path(of: .runRecord) }

    /// Where `format`'s (main) file goes.
    package func path(of format: ReportFormat) -> String {
        "\(path)/\(format.fileName)"
    }

    /// Where tests' attachments go, one folder per test (`AttachmentStore`).
    package var attachmentsPath: String { "\(path)/attachments" }

    /// Creates the folder and its `logs/`, clearing every format's files and the attachments of
    /// an earlier run so nothing stale is mistaken for this run's.
    package func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: logsPath, withIntermediateDirectories: true)
        for file in files(of: ReportFormat.registered) + [attachmentsPath] + coverageDataPaths where manager.fileExists(atPath: file) {
            try manager.removeItem(atPath: file)
        }
    }

    /// The files in the folder that `formats` wrote, in the formats' order, each format's main
    /// file first (`junit.xml`, then `junit-2.xml`, … `junit-10.xml`).
    package func files(of formats: [ReportFormat]) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return formats.flatMap { format in
            names.filter(format.owns(fileName:))
                // By length before by name, so `junit-10.xml` comes after `junit-9.xml`.
                .sorted { ($0 == format.fileName ? 0 : 1, $0.count, $0) < ($1 == format.fileName ? 0 : 1, $1.count, $1) }
                .map { "\(path)/\($0)" }
        }
    }

    /// What a command prints after writing reports: `Reports/index.html (open it in a browser),
    /// junit.xml, …`, every file of `formats` that is in the folder, the first with its path.
    package func listing(_ formats: [ReportFormat] = ReportFormat.writtenByDefault) -> String {
        let files = self.files(of: formats)
        guard let first = files.first else { return path }
        let html = ReportFormat.named("html").map(path(of:))
        return ([first + (first == html ? " (open it in a browser)" : "")] + files.dropFirst().map { URL(fileURLWithPath: $0).lastPathComponent })
            .joined(separator: ", ")
    }

    /// Copies the attachments `record` lists from the report folder it was written in
    /// (`telltale merge`: each shard's into the merged folder). Returns a note for each
    /// that is missing there.
    package func copyAttachments(of record: RunRecord, from source: String) -> [String] {
        let manager = FileManager.default
        var missing: [String] = []
        for test in record.tests {
            for attachment in test.attachments {
                let from = "\(source)/\(attachment.path)"
                let to = "\(path)/\(attachment.path)"
                // The record's own folder: nothing to copy.
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

    /// Writes every report from the record: the pure writers produce bytes, this puts them on disk.
    /// The writers run in parallel; each file is written atomically, and files of an earlier run
    /// that a format no longer writes (`junit-3.xml` when this run needs two) are removed.
    /// `includingRunRecord: false` leaves `run.json` alone: `telltale report` reads it and must
    /// not rewrite its own input.
    ///
    /// A format that `writesFirst` (JUnit) is laid out first: when the run is too large for one
    /// file under GitLab's rules, its notes (which files, what was left out) join the record's,
    /// so every other report shows them. Returns those notes.
    @discardableResult
    package func writeReports(_ record: RunRecord, context: ReportContext, includingRunRecord: Bool = true) throws -> [String] {
        let formats = ReportFormat.writtenByDefault.filter { includingRunRecord || $0.name != ReportFormat.runRecord.name }
        return try write(formats, record, context: context)
    }

    /// Writes `formats` alone (`telltale report --format NAME`); returns their notes.
    @discardableResult
    package func write(_ formats: [ReportFormat], _ record: RunRecord, context: ReportContext) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Reports name this folder in their text (summary.md's "Open `Reports/index.html`"); a
        // context left at the default learns the real one.
        var context = context
        if context.reportDirectory == ReportContext.defaultReportDirectory { context.reportDirectory = path }
        var record = record
        var laidOut: [(name: String, data: Data)] = []
        var notes: [String] = []
        for format in formats where format.writesFirst {
            let output = try format.output(record, context: context, folder: path)
            laidOut += output.files
            notes += output.notes
        }
        record.notes += notes.filter { !record.notes.contains($0) }
        // One job per laid-out file and per other format (rendered in its job, so no more than
        // the files being written are held at once).
        var jobs: [@Sendable () throws -> [String]] = laidOut.map { file in { [path] in [try Self.write(file, in: path)] } }
        for format in formats where !format.writesFirst {
            jobs.append { [record, context, path] in
                try format.output(record, context: context, folder: path).files.map { try Self.write($0, in: path) }
            }
        }
        let written = Mutex<Set<String>>([])
        let errors = Mutex<[any Error]>([])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { [jobs] index in
            do {
                let names = try jobs[index]()
                written.withLock { $0.formUnion(names) }
            } catch {
                errors.withLock { $0.append(error) }
            }
        }
        if let error = errors.withLock({ $0.first }) { throw error }
        // Only after every file is written: a failed write leaves the earlier run's files in place.
        let current = written.withLock { $0 }
        for stale in files(of: formats) where !current.contains(URL(fileURLWithPath: stale).lastPathComponent) {
            try? FileManager.default.removeItem(atPath: stale)
        }
        return notes
    }

    private static func write(_ file: (name: String, data: Data), in folder: String) throws -> String {
        try file.data.write(to: URL(fileURLWithPath: "\(folder)/\(file.name)"), options: .atomic)
        return file.name
    }
}
