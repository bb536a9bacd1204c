import ArgumentParser
import Foundation
import TelltaleHistory
import TelltaleModel
import TelltaleOrchestrator
import TelltaleReports

/// `telltale merge DIR... --out DIR`: one run record and one set of reports from CI shards.
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the reports of a run's CI shards into one run record and regenerate every report.",
        discussion:
            "Exit status: 0 every test passed (with --fail-on new: none failed that the base did not fail), 1 a test failed or coverage is below a threshold, 2 the inputs cannot be merged or --baseline cannot be read."
    )

    @Argument(help: "Report folders (or run.json files) of every shard.")
    var sources: [String]

    @Option(name: .customLong("out"), help: "Where the merged reports go.")
    var output: String

    @Option(
        help: """
            Record the merged run in this history (a file, or a PostgreSQL URL; default: TELLTALE_HISTORY_URL, else none), \
            and show its trends and flaky rates in the reports.
            """)
    var history: String?

    @Flag(name: .customLong("no-history"), help: "Do not record the merged run, even with TELLTALE_HISTORY_URL set.")
    var noHistory = false

    @OptionGroup(title: "Against the base of the change (default: the base the shards compared with)") var comparison: ComparisonOptions

    /// Only `--history` (or the variable) is checked here; the shards are read in `run()`.
    func validate() throws {
        try HistoryOption.validate(history, noHistory: noHistory)
    }

    /// `--history`, else `TELLTALE_HISTORY_URL`: a merge records only into a history it is told of.
    var chosenHistory: String? {
        guard !noHistory else { return nil }
        return history ?? ProcessInfo.processInfo.environment[HistoryLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() async throws {
        do {
            // The records, each shard's attachments and its line coverage, as one run's.
            var merged = try ShardMerge.merge(sources, into: output)
            // The whole run against the base, before it is recorded (it must not find itself).
            for line in try await BaselineRequest.compareBuild(
                &merged, base: comparison.base, baseline: comparison.baseline, failOn: comparison.failOn, history: chosenHistory)
            {
                Console.diagnostics(line)
            }
            // As in a run, a history that cannot be used is a warning, never a failed merge.
            if let history = chosenHistory, let warning = await RunHistory.recordMerged(&merged, history: history) {
                Console.warning(warning)
            }
            let context = ReportContext(
                generatedAt: Date(),
                toolVersion: RunOrchestrator.version,
                sourceRoot: FileManager.default.currentDirectoryPath
            )
            // No `prepare()`: it would clear the attachments `ShardMerge.merge` has just copied here.
            let directory = ReportDirectory(path: output)
            let notes = try directory.writeReports(merged, context: context)
            for note in notes { Console.diagnostics(note) }
            print("reports: \(directory.listing())")
            CoverageConsole.print(merged)
            print(merged.totals.summaryLine)
            // `failed` weighs quarantine, `--fail-on new` and the coverage thresholds.
            if merged.failed { throw ExitCode(TelltaleExitCode.testsFailed) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Shards that cannot be merged (one missing, different counts, a test in two), an unreadable
            // `--baseline` or a folder that cannot be written: exit 2.
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
