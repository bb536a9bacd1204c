import ArgumentParser
import Foundation
import TelltaleHistory
import TelltaleModel
import TelltaleOrchestrator
import TelltaleQueue
import TelltaleReports

/// `telltale queue report|status|prune`: a queue mode build's record and reports, where it
/// stands, and old builds removed.
struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "A queue mode build (telltale run --queue): its reports, its state, old builds pruned.",
        subcommands: [QueueReportCommand.self, QueueStatusCommand.self, QueuePruneCommand.self]
    )
}

/// The database and the build, shared by `queue report` and `queue status`.
struct QueueBuildOptions: ParsableArguments {
    @Option(help: "The queue's PostgreSQL database (postgres://USER@HOST/DB).")
    var queue: String

    @Option(help: "The build (as telltale run --queue was given, or the CI's run by default).")
    var build: String?

    @Option(name: .customLong("postgres-timeout"), help: PostgresTimeoutOption.help)
    var postgresTimeout: Double?

    /// Run by the parser for every command that holds the group.
    func validate() throws {
        try PostgresTimeoutOption.validate(postgresTimeout)
    }

    /// How long one call may take; nil: the default.
    var callTimeout: Duration? { PostgresTimeoutOption.duration(postgresTimeout) }

    /// `--build`, else the CI's run as `telltale run --queue` reads it, so the report finds the
    /// machines' build; off CI a usage error (a `ValidationError`, exit 2 with the usage text).
    func resolvedBuild() throws -> String {
        if let build { return build }
        guard let detected = RunQueue.buildFromCI(ProcessInfo.processInfo.environment) else {
            throw ValidationError("--build ID is required off GitHub Actions, GitLab, Buildkite and CircleCI")
        }
        return detected
    }
}

/// `telltale queue report [PLAN]`: once the machines are done, one record for the whole build,
/// compared with the base, recorded in the history and written as every report, as `merge`
/// does for shards.
struct QueueReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Wait until a build's queue is drained, then write one record and every report for the build.",
        discussion:
            "Each test once, with the machine that ran it, judged as each machine's run is by the plan: its quarantine, its analytics expectations over every machine's events, flaky causes. Exit status: 0 every test passed (with --fail-on new: none failed that the base did not fail), 1 a test failed or the wait ended before the queue was drained (naming the units still leased and by which machine), 2 the queue or the build cannot be used, or --baseline cannot be read."
    )

    @Argument(
        help:
            "The plan the machines ran (default: telltale.yml beside Package.swift here): the build is judged by its quarantine and analytics expectations, its paths made relative to its package."
    )
    var plan: String?

    @OptionGroup var target: QueueBuildOptions

    @Option(name: .customLong("report-dir"), help: "Where the build's reports go (default: .telltale/reports).")
    var reportDirectory = ".telltale/reports"

    @Option(help: "Seconds to wait for the queue to be drained (default: 600).")
    /// A build not filled yet is waited for too: the report job may start before any machine has built.
    var wait: Double = 600

    @Option(help: "Record the build in this history (a file, or a PostgreSQL URL; default: TELLTALE_HISTORY_URL, else none).")
    var history: String?

    @OptionGroup(title: "Against the base of the change") var comparison: ComparisonOptions

    func run() async throws {
        let record: RunRecord
        do {
            // The machines' plan: its quarantine and analytics expectations judge the build. Without one
            // the note says what is left out.
            let judged = try QueueReportPlan.load(plan)
            if let note = judged.note { Console.diagnostics(note) }
            // Waits up to `--wait` for the queue to drain and the machines to finish, then builds one
            // record from every machine's results and events, as `RunRecordBuilder` builds a run's.
            record = try await QueueBuildReport.record(
                url: target.queue, build: try target.resolvedBuild(), wait: wait, callTimeout: target.callTimeout, rules: judged.rules,
                plan: judged.summary, toolVersion: RunOrchestrator.version)
        } catch let failure as QueueBuildReport.QueueReportError {
            Console.error(failure.localizedDescription)
            // A build not drained in time is incomplete, so it fails as a failed test would (1); anything
            // else means the plan, the queue or the build cannot be used (2).
            if case .notDrained = failure { throw ExitCode(TelltaleExitCode.testsFailed) }
            throw ExitCode(TelltaleExitCode.usage)
        }
        var built = record
        // `--history`, else a non-empty `TELLTALE_HISTORY_URL`, else none: no file by default.
        let chosen = history ?? ProcessInfo.processInfo.environment[HistoryLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        // The whole build against the base, before it is recorded.
        do {
            for line in try await BaselineRequest.compareBuild(
                &built, base: comparison.base, baseline: comparison.baseline, failOn: comparison.failOn, history: chosen)
            {
                Console.diagnostics(line)
            }
        } catch {
            // Only an unreadable `--baseline` throws here (`BaselineError`).
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
        // Recorded before the reports are written, so they show the build's trends; a history that
        // cannot be used is a warning, never a failed report.
        if let chosen, let warning = await RunHistory.recordMerged(&built, history: chosen, callTimeout: target.callTimeout) {
            Console.warning(warning)
        }
        let directory = ReportDirectory(path: reportDirectory)
        do {
            // Clears an earlier report's files first, so nothing stale passes for this build's.
            try directory.prepare()
            for note in try directory.writeReports(
                built,
                context: ReportContext(
                    generatedAt: Date(), toolVersion: RunOrchestrator.version, sourceRoot: FileManager.default.currentDirectoryPath))
            {
                Console.diagnostics(note)
            }
        } catch {
            // The build was judged but its reports cannot be written: exit 3, as for a run's reports.
            Console.error("cannot write reports to \(reportDirectory): \(error.localizedDescription)")
            throw ExitCode(TelltaleExitCode.infrastructure)
        }
        print("reports: \(directory.listing())")
        print(built.totals.summaryLine)
        // `failed` weighs quarantine and `--fail-on new`, which the comparison above applied.
        if built.failed { throw ExitCode(TelltaleExitCode.testsFailed) }
    }
}

/// `telltale queue status`: where a build stands (`QueueBuildReport.statusLines`); a queue or
/// build that cannot be read is exit 2.
struct QueueStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show a build's units done, leased and left, by machine, and its notes.")

    @OptionGroup var target: QueueBuildOptions

    func run() async throws {
        do {
            for line in try await QueueBuildReport.statusLines(url: target.queue, build: try target.resolvedBuild(), callTimeout: target.callTimeout)
            {
                print(line)
            }
        } catch let failure as QueueBuildReport.QueueReportError {
            Console.error(failure.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}

/// `telltale queue prune --older-than DAYS`: deletes the builds filled that long ago, with their
/// rows (`QueueBuildReport.prune`).
struct QueuePruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune", abstract: "Remove the builds filled more than DAYS days ago, with their units and results.")

    @Option(help: "The queue's PostgreSQL database (postgres://USER@HOST/DB).")
    var queue: String

    @Option(name: .customLong("older-than"), help: "Days.")
    /// Fractions allowed (`0.5` is twelve hours); compared with when each build was filled.
    var olderThan: Double

    @Option(name: .customLong("postgres-timeout"), help: PostgresTimeoutOption.help)
    var postgresTimeout: Double?

    func validate() throws {
        // 0 is allowed: every build filled before now goes, a build still running included.
        if olderThan < 0 { throw ValidationError("--older-than must be 0 or more days") }
        try PostgresTimeoutOption.validate(postgresTimeout)
    }

    func run() async throws {
        do {
            let removed = try await QueueBuildReport.prune(
                url: queue, olderThan: olderThan, callTimeout: PostgresTimeoutOption.duration(postgresTimeout))
            print("pruned \(removed) build\(removed == 1 ? "" : "s") filled more than \(olderThan.formatted()) days ago")
        } catch {
            // A database that cannot be reached or a prune that failed: exit 2, like a bad URL.
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.usage)
        }
    }
}
