import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator
import TelltaleReports

/// `telltale report RUN_DIR_OR_RUN_JSON`: regenerate every report from a run record.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Regenerate the reports of a run (junit.xml, index.html, summary.md, events.jsonl; coverage.lcov and coverage.xml from coverage.json) from its run.json, or write them for Phabricator (--format harbormaster)."
    )

    @Argument(help: "A report folder holding run.json, or the run.json itself.")
    var source: String

    @Option(name: .customLong("out"), help: "Where to write the reports (default: the folder of run.json).")
    var output: String?

    @Option(
        help:
            "all: junit.xml, index.html, summary.md, events.jsonl; junit: junit.xml alone (junit-2.xml, … for a run larger than GitLab reads in one file); harbormaster: harbormaster.json (the parameters of Conduit's harbormaster.sendmessage, without buildTargetPHID) and summary.remarkup, for Phabricator."
    )
    var format: ReportFormat = .all

    @OptionGroup var annotations: AnnotationsOptions

    func run() throws {
        let runJSON = source.hasSuffix(".json") ? source : "\(source)/run.json"
        do {
            let record = try RunRecordFile.read(path: runJSON)
            let folder = output ?? URL(fileURLWithPath: runJSON).deletingLastPathComponent().relativePath
            let context = ReportContext(
                generatedAt: Date(),
                toolVersion: RunOrchestrator.version,
                sourceRoot: FileManager.default.currentDirectoryPath,
                reportDirectory: folder
            )
            let directory = ReportDirectory(path: folder)
            // The coverage data goes along with run.json, so another folder holds what its reports came from.
            try directory.copyCoverageData(from: URL(fileURLWithPath: runJSON).deletingLastPathComponent().path)
            if format == .harbormaster {
                try directory.writeHarbormasterReports(record, context: context)
                print("reports: \(directory.harbormasterPath), \(directory.remarkupSummaryPath)")
                print(record.totals.summaryLine)
                return
            }
            if format == .junit {
                let written = try directory.writeJUnitReports(record, context: context)
                for note in written.notes { Console.diagnostics(note) }
                print("reports: \(written.paths.joined(separator: ", "))")
                print(record.totals.summaryLine)
                return
            }
            // run.json is the input: never rewritten. Another folder gets a byte-for-byte copy,
            // so it holds a complete set of reports.
            let notes = try directory.writeReports(record, context: context, includingRunRecord: false)
            for note in notes { Console.diagnostics(note) }
            let source = URL(fileURLWithPath: runJSON).standardizedFileURL.resolvingSymlinksInPath()
            let target = URL(fileURLWithPath: directory.runRecordPath).standardizedFileURL.resolvingSymlinksInPath()
            if source.path != target.path {
                let manager = FileManager.default
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.copyItem(at: source, to: target)
            }
            annotations.print(record, context: context)
            let coverageFiles = record.coverage == nil ? [] : [directory.coverageLCOVPath] + directory.continuedCoverageXMLPaths()
            print("reports: \((directory.reportPaths + directory.continuedJUnitPaths() + coverageFiles).joined(separator: ", "))")
            CoverageConsole.print(record)
            print(record.totals.summaryLine)
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}

/// What `telltale report` writes.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case all
    case junit
    case harbormaster
}
