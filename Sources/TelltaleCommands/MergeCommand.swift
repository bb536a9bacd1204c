import ArgumentParser
import Foundation
import TelltaleOrchestrator
import TelltaleReports

/// `telltale merge DIR... --out DIR`: one run record and one set of reports from CI shards.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the reports of a run's CI shards into one run record and regenerate every report.",
        discussion: "Exit status: 0 every test passed, 1 a test failed, 2 the inputs cannot be merged."
    )

    @Argument(help: "Report folders (or run.json files) of every shard.")
    var sources: [String]

    @Option(name: .customLong("out"), help: "Where the merged reports go.")
    var output: String

    func run() throws {
        do {
            let records = try sources.map { source in
                try RunRecordFile.read(path: source.hasSuffix(".json") ? source : "\(source)/run.json")
            }
            let merged = try RunMerger.merge(records)
            let context = ReportContext(
                generatedAt: Date(),
                toolVersion: RunOrchestrator.version,
                sourceRoot: FileManager.default.currentDirectoryPath
            )
            try ReportDirectory(path: output).writeReports(merged, context: context)
            print("reports: \(output)/index.html (open in a browser), junit.xml, summary.md, run.json")
            print(merged.totals.summaryLine)
            if merged.failed { throw ExitCode(TelltaleExitCode.testsFailed) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
