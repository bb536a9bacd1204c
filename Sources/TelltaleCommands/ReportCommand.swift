import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator
import TelltaleReports

/// `telltale report RUN_DIR_OR_RUN_JSON`: regenerate every report from a run record.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate the reports of a run (junit.xml, index.html, summary.md, events.jsonl) from its run.json."
    )

    @Argument(help: "A report folder holding run.json, or the run.json itself.")
    var source: String

    @Option(name: .customLong("out"), help: "Where to write the reports (default: the folder of run.json).")
    var output: String?

    @Option(help: "Print CI annotations for failing and flaky tests: github or none (default: github when GITHUB_ACTIONS=true).")
    var annotations: AnnotationsOption?

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
            // run.json is the input: never rewritten. Another folder gets a byte-for-byte copy,
            // so it holds a complete set of reports.
            try directory.writeReports(record, context: context, includingRunRecord: false)
            let source = URL(fileURLWithPath: runJSON).standardizedFileURL.resolvingSymlinksInPath()
            let target = URL(fileURLWithPath: directory.runRecordPath).standardizedFileURL.resolvingSymlinksInPath()
            if source.path != target.path {
                let manager = FileManager.default
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.copyItem(at: source, to: target)
            }
            AnnotationsOption.resolved(annotations).print(record, context: context)
            print("reports: \(directory.reportPaths.joined(separator: ", "))")
            print(record.totals.summaryLine)
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(2)
        }
    }
}

/// `--annotations github|none` on `telltale run` and `telltale report`.
enum AnnotationsOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case github
    case none

    /// The option as given, or GitHub's when running in GitHub Actions.
    static func resolved(_ option: AnnotationsOption?, environment: [String: String] = ProcessInfo.processInfo.environment) -> AnnotationsOption {
        option ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .none)
    }

    /// Prints the annotations on stdout, where GitHub Actions reads workflow commands.
    func print(_ record: RunRecord, context: ReportContext) {
        guard self == .github else { return }
        Swift.print(GitHubAnnotationWriter().write(record, context: context), terminator: "")
    }
}
