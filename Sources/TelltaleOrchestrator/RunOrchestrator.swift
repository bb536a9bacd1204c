import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleReports
import TelltaleRunner

/// One `telltale run`: plan → build → list → select → run → reports.
///
/// Problems with the plan or options surface before anything starts (exit 2);
/// build and process failures are infrastructure (exit 3); the tests' own
/// failures are exit 1. Reports are written whenever tests ran.
public struct RunOrchestrator: Sendable {
    public static let version = "0.1.0"

    public var options: RunOptions
    public var progress: ConsoleProgress

    public init(options: RunOptions, progress: ConsoleProgress) {
        self.options = options
        self.progress = progress
    }

    public func run() async throws(OrchestratorError) -> RunSummary {
        let plan = try resolvePlan()
        try refuseUnwiredServices(plan)
        let selection = try validatedSelection(for: plan)
        let timings = try readTimings()
        let reports = ReportDirectory(path: options.reportDirectory ?? plan.reports.dir)
        do {
            try reports.prepare()
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }

        let startedAt = Date()
        let clock = ContinuousClock.now
        async let environment = RunEnvironmentProbe.probe()
        let collector = ResultCollector(forwardingTo: progress)
        var outcome: (results: [TestResult], notes: [String])
        var interrupted = false
        do {
            outcome = try await buildAndRun(
                plan: plan, selection: selection, reports: reports, timings: timings, observer: collector
            )
        } catch let error as OrchestratorError {
            throw error
        } catch where Task.isCancelled {
            // SIGINT or SIGTERM: the test processes are gone; keep what finished.
            interrupted = true
            let finished = await collector.finished
            let total = await collector.testCount
            outcome = (finished, ["interrupted by a signal after \(finished.count) of \(total) tests; the others did not run"])
        } catch let error as RunnerError {
            throw .infrastructure(error)
        } catch {
            throw .infrastructure(.launchFailed(command: "telltale run", reason: "\(error)"))
        }
        await progress.finish()

        let elapsed = ContinuousClock.now - clock
        let record = RunRecord(
            tool: ToolInfo(version: Self.version),
            plan: PlanSummary(name: plan.name, path: plan.sourcePath, package: plan.package),
            environment: await environment,
            startedAt: startedAt,
            duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            tests: outcome.results,
            notes: outcome.notes,
            shard: options.shard
        )
        let context = ReportContext(
            generatedAt: Date(),
            toolVersion: Self.version,
            sourceRoot: FileManager.default.currentDirectoryPath
        )
        do {
            try reports.writeReports(record, context: context)
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        let failed = record.tests.contains { $0.outcome.isFailure }
        let summary = RunSummary(record: record, reportDirectory: reports.path, exitCode: failed ? .testsFailed : .passed)
        if interrupted { throw .interrupted(summary) }
        return summary
    }

    private func buildAndRun(
        plan: Plan, selection: TestSelection, reports: ReportDirectory, timings: [String: Double],
        observer: any TestRunObserver
    ) async throws -> (results: [TestResult], notes: [String]) {
        let builder = PackageBuilder(packagePath: plan.package)
        if !options.skipBuild {
            await progress.note("building \(plan.package) (swift build --build-tests)")
            let buildLog = try ProcessLog(path: "\(reports.logsPath)/build.log")
            try await builder.build { await buildLog.line($0) }
            await buildLog.close()
        }
        let binary = try await builder.testBinary()
        let listed = try await TestLister(binary: binary, workingDirectory: plan.package).list()
        var selected: [ListedTest]
        do {
            selected = try selection.select(listed)
        } catch {
            throw OrchestratorError.badOption(error.description)
        }
        guard !selected.isEmpty else {
            let patterns = selection.filter + selection.skip.map { "skip \($0)" } + selection.groups.map { "suite \($0.name)" }
            throw OrchestratorError.noTestsSelected(listed: listed.count, filters: patterns)
        }
        let settings = PlanTestSettings.settings(
            for: selected, plan: plan, selection: selection, retriesOverride: options.retries
        )
        if let shard = options.shard {
            let serialGroups = settings.compactMapValues(\.serialGroup)
            let all = selected.count
            selected = ShardPlanner.select(selected, shard: shard, durations: timings, serialGroups: serialGroups)
            await progress.note("shard \(shard): \(selected.count) of \(all) tests" + (timings.isEmpty ? " (no --timings: split by test id)" : ", split by past timings"))
            if selected.isEmpty { return ([], []) }
        }
        let runDirectory = URL(fileURLWithPath: reports.path).standardizedFileURL.path
        var environment = plan.environment
        environment[TelltaleEnvironment.runDirectory] = runDirectory
        if !plan.arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = plan.arguments.joined(separator: "\n")
        }
        let runner = TestRunner(configuration: .init(
            binary: binary,
            workingDirectory: plan.package,
            environment: environment,
            logDirectory: reports.logsPath,
            workers: options.workers ?? plan.workers ?? ProcessInfo.processInfo.activeProcessorCount,
            settings: settings,
            defaultSettings: PlanTestSettings.defaults(plan: plan, retriesOverride: options.retries)
        ))
        let outcome = try await runner.run(selected, allListed: listed, observer: observer)
        return (outcome.results, outcome.notes)
    }

    private func readTimings() throws(OrchestratorError) -> [String: Double] {
        guard let path = options.timingsPath else { return [:] }
        do {
            return try TimingsFile.read(path: path)
        } catch {
            throw .badOption(error.localizedDescription)
        }
    }

    private func resolvePlan() throws(OrchestratorError) -> Plan {
        var plan: Plan
        if let path = options.planPath {
            do {
                plan = try PlanLoader().load(path: path)
            } catch {
                throw .badPlan(error)
            }
        } else {
            plan = Plan.defaultPlan(package: options.package ?? Plan.defaultPackage)
        }
        if let package = options.package {
            plan.package = package
        }
        plan.filter += options.filter
        plan.skip += options.skip
        return plan
    }

    /// Services are parsed and supervised by TelltaleServices, but `telltale run` does not start
    /// them yet: a run that silently went ahead without the backend would look green.
    private func refuseUnwiredServices(_ plan: Plan) throws(OrchestratorError) {
        guard !plan.services.isEmpty else { return }
        let names = plan.services.map(\.name).joined(separator: ", ")
        throw .badOption("the plan declares services (\(names)), which this version of `telltale run` does not start yet; start them yourself and pass their URLs in `environment`, or remove `services`")
    }

    private func validatedSelection(for plan: Plan) throws(OrchestratorError) -> TestSelection {
        let selection = TestSelection(
            filter: plan.filter,
            skip: plan.skip,
            groups: plan.suites.map { TestSelection.Group(name: $0.name, filter: $0.filter, skip: $0.skip) }
        )
        do {
            _ = try selection.select([])
        } catch {
            throw .badOption("--filter/--skip: \(error.description)")
        }
        return selection
    }

}
