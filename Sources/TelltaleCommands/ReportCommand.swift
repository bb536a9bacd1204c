import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator
import TelltaleReports

/// `telltale report RUN_DIR_OR_RUN_JSON`: regenerate every report from a run record, or the
/// one `--format` names (`ReportFormat.registered`).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate the reports of a run (\(ReportFormatChoice.regenerated)) from its run.json, or one format alone (--format)."
    )

    @Argument(help: "A report folder holding run.json, or the run.json itself.")
    var source: String

    @Option(name: .customLong("out"), help: "Where to write the reports (default: the folder of run.json).")
    var output: String?

    @Option(help: ArgumentHelp(ReportFormatChoice.help, valueName: "format"))
    var format: ReportFormatChoice = .all

    @OptionGroup var annotations: AnnotationsOptions

    func run() throws {
        // A folder stands for its run.json.
        let runJSON = source.hasSuffix(".json") ? source : "\(source)/run.json"
        do {
            // A record from a newer Telltale (a higher `schemaVersion`) is refused, with why, rather than
            // read in part.
            let record = try RunRecordFile.read(path: runJSON)
            // `relativePath`: the folder as it was named, so the paths printed read as typed.
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
            // `all` writes every format and leaves a run.json with them (`writeAll`); one format writes
            // its own files alone, and prints no annotations or coverage.
            guard case .one(let chosen) = format else {
                try writeAll(record, runJSON: runJSON, to: directory, context: context)
                return
            }
            let notes = try directory.write([chosen], record, context: context)
            for note in notes { Console.diagnostics(note) }
            print("reports: \(directory.files(of: [chosen]).joined(separator: ", "))")
            print(record.totals.summaryLine)
        } catch {
            // The run.json could not be read or the reports written: exit 2.
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }

    /// Every format a run writes, but `run.json`: it is the input, never rewritten. Another
    /// folder gets a byte-for-byte copy, so it holds a complete set of reports.
    private func writeAll(_ record: RunRecord, runJSON: String, to directory: ReportDirectory, context: ReportContext) throws {
        // No `prepare()`: in the run's own folder it would delete run.json, the attachments the
        // reports link to and the coverage data.
        let notes = try directory.writeReports(record, context: context, includingRunRecord: false)
        for note in notes { Console.diagnostics(note) }
        let source = URL(fileURLWithPath: runJSON).standardizedFileURL.resolvingSymlinksInPath()
        let target = URL(fileURLWithPath: directory.runRecordPath).standardizedFileURL.resolvingSymlinksInPath()
        // Symlinks resolved first: writing back into the folder the run.json came from must not
        // delete the file it copies.
        if source.path != target.path {
            let manager = FileManager.default
            if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
            try manager.copyItem(at: source, to: target)
        }
        annotations.print(record, context: context)
        print("reports: \(directory.listing())")
        CoverageConsole.print(record)
        print(record.totals.summaryLine)
    }
}

/// `telltale report --format`: `all`, or one registered format by name (not `run`: run.json is
/// the input).
enum ReportFormatChoice: ExpressibleByArgument {
    /// Every format a run writes but run.json (`regenerated`).
    case all
    /// One format's files alone.
    case one(ReportFormat)

    /// The registered formats but `run`, by the names `--format` takes.
    static var choices: [ReportFormat] {
        ReportFormat.registered.filter { $0.name != ReportFormat.runRecord.name }
    }

    /// Nil for a name that is not `all` or one of `choices`: the parser reports a bad value.
    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let format = Self.choices.first(where: { $0.name == argument }) {
            self = .one(format)
        } else {
            return nil
        }
    }

    /// The values `--help` lists and shell completion offers.
    static var allValueStrings: [String] { ["all"] + choices.map(\.name) }

    /// What `all` writes: every format a run writes but run.json, the input.
    static var regenerated: String {
        ReportFormat.writtenByDefault.filter { $0.name != ReportFormat.runRecord.name }.map(\.fileName).joined(separator: ", ")
    }

    /// Built from `ReportFormat.registered`, so a newly registered format is listed with no change here.
    static var help: String {
        "all: every report a run writes; or one alone: "
            + choices.map { "\($0.name): \($0.fileName), \($0.summary)" }.joined(separator: "; ")
            + "."
    }

    /// How `--help` shows the default.
    var defaultValueDescription: String {
        switch self {
        case .all: "all"
        case .one(let format): format.name
        }
    }
}
