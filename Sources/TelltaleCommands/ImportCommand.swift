import ArgumentParser
import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan
import TelltaleReports

/// `telltale import xcresult PATH`: another tool's test run as a Telltale run record.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn another tool's test results into a Telltale run: every report, and the run history.",
        subcommands: [XCResult.self]
    )

    /// `telltale import xcresult PATH`: reads the results (`XCResultFiles`), makes the record a
    /// run would have made (`XCResultRecord`), records it in the history and writes every report.
    struct XCResult: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "xcresult",
            abstract: "Import an xcodebuild test run (an .xcresult bundle, or the JSON xcresulttool prints) as a Telltale run.",
            discussion: """
                PATH is an .xcresult bundle (macOS: read with `xcrun xcresulttool get test-results tests|summary`), \
                a folder holding tests.json and summary.json (what those two commands print, for use off macOS), \
                or the tests JSON file itself (with --summary). Every report is written and the run recorded in \
                the history as `telltale run` would. See Docs/Xcode.md. Exit status: 0 every test passed, \
                1 a test failed (a quarantined test's failure does not count), 2 bad usage or input that cannot be read.
                """
        )

        @Argument(help: "An .xcresult bundle, a folder holding tests.json and summary.json, or a tests JSON file.")
        var path: String

        @Option(help: "The summary JSON (`xcresulttool get test-results summary`), when not beside the tests as summary.json.")
        var summary: String?

        @Option(name: .customLong("report-dir"), help: "Where reports go.")
        var reportDirectory: String = "Reports"

        @Option(help: "The package the tests belong to: the history's place by default, and the record's package.")
        var package: String = Plan.defaultPackage

        @Option(help: "A plan whose `quarantine:` entries excuse failures and whose `history:` says where the history is.")
        var plan: String?

        @Option(help: HistoryOption.help)
        var history: String?

        @Flag(name: .customLong("no-history"), help: "Do not record the run in the history.")
        var noHistory = false

        @Option(help: "The commit the tests ran on (the JSON does not say); the history tells flaky tests by it.")
        var commit: String?

        @Option(help: "The branch the tests ran on.")
        var branch: String?

        @OptionGroup var annotations: AnnotationsOptions

        func validate() throws {
            try HistoryOption.validate(history, noHistory: noHistory)
        }

        func run() async throws {
            do {
                // Only the plan's quarantine and `history:` are used; a bad plan is exit 2 with its problems.
                let loadedPlan = try plan.map(Self.loadPlan)
                // A bundle needs `xcrun xcresulttool` (macOS); elsewhere, the JSON it printed is read.
                let files = try await XCResultFiles.read(path: path, summary: summary)
                // The JSON gives the run no start time of its own: the tests file's modification date stands
                // in for it (`fallbackDate`), else now.
                let testsFile =
                    FileManager.default.fileExists(atPath: "\(path)/\(XCResultFiles.testsFileName)") ? "\(path)/\(XCResultFiles.testsFileName)" : path
                let modified = (try? FileManager.default.attributesOfItem(atPath: testsFile)[.modificationDate]) as? Date
                var record = XCResultRecord.make(
                    files,
                    options: XCResultRecord.Options(
                        toolVersion: RunOrchestrator.version, package: package, quarantine: loadedPlan?.quarantine ?? [], gitCommit: commit,
                        gitBranch: branch, fallbackDate: modified ?? Date()))
                for note in record.notes { Console.diagnostics(note) }
                // `--history` or `--no-history`, else the plan's `history:` (the file beside the package by
                // default). Recorded before the reports are written, so they show the run's trends; a history
                // that cannot be used is a warning.
                if let history = RunHistory.value(
                    history: loadedPlan?.history ?? .beside, option: history, noHistory: noHistory, package: package),
                    let warning = await RunHistory.recordImported(&record, history: history)
                {
                    Console.warning(warning)
                }
                let directory = ReportDirectory(path: reportDirectory)
                // Clears an earlier run's reports and attachments from the folder first.
                try directory.prepare()
                let context = ReportContext(
                    generatedAt: Date(), toolVersion: RunOrchestrator.version, sourceRoot: FileManager.default.currentDirectoryPath,
                    reportDirectory: reportDirectory)
                for note in try directory.writeReports(record, context: context) { Console.diagnostics(note) }
                annotations.print(record, context: context)
                print("reports: \(directory.listing())")
                print(record.totals.summaryLine)
                if record.failed { throw ExitCode(TelltaleExitCode.testsFailed) }
            } catch let error as XCResultImportError {
                Console.error(error.localizedDescription)
                throw ExitCode(TelltaleExitCode.usage)
            } catch let error as PlanError {
                Console.diagnostics(error.errorDescription ?? "\(error)")
                throw ExitCode(TelltaleExitCode.usage)
            } catch let exit as ExitCode {
                // The status chosen above (1 for a failed test) passes through the catch-all below.
                throw exit
            } catch {
                // A report folder that cannot be written, as `merge` and `report` say it.
                Console.error(error.localizedDescription)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }

        /// The plan's text alone: its package may be an Xcode project's folder, or on another machine.
        private static func loadPlan(_ path: String) throws -> Plan {
            guard let yaml = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw XCResultImportError(path: path, reason: "cannot read the plan", remedy: "give --plan a plan file (YAML), or leave it out")
            }
            // Its paths made usable from the working directory, as a run's are: a relative `history:` is
            // read from the plan's folder.
            return try PlanLoader().parse(yaml: yaml, file: path).resolvingPaths()
        }
    }
}
