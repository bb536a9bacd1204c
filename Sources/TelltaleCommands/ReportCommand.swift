import ArgumentParser
import Foundation
import TelltaleOrchestrator
import TelltaleReports

/// `telltale report RUN_DIR_OR_RUN_JSON`: regenerate every report from a run record.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate the reports of a run from its run.json."
    )

    @Argument(help: "A report folder holding run.json, or the run.json itself.")
    var source: String

    @Option(name: .customLong("out"), help: "Where to write the reports (default: the folder of run.json).")
    var output: String?

    func run() throws {
        let runJSON = source.hasSuffix(".json") ? source : "\(source)/run.json"
        do {
            let record = try RunRecordFile.read(path: runJSON)
            let folder = output ?? URL(fileURLWithPath: runJSON).deletingLastPathComponent().path
            let context = ReportContext(
                generatedAt: Date(),
                toolVersion: RunOrchestrator.version,
                sourceRoot: FileManager.default.currentDirectoryPath
            )
            try ReportDirectory(path: folder).writeReports(record, context: context)
            print(record.totals.summaryLine)
            print("reports: \(folder)/junit.xml, \(folder)/run.json")
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(2)
        }
    }
}
