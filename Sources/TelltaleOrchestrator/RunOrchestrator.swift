import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleReports
import TelltaleRunner
import TelltaleServices

/// One `telltale run`: plan → guards → build → list → select → services → run → reports.
///
/// Problems with the plan or options surface before anything starts (exit 2);
/// build, process and service failures are infrastructure (exit 3); the tests'
/// own failures are exit 1. Reports are written whenever tests ran.
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
        try refuseUncheckedAnalytics(plan)
        let selection = try validatedSelection(for: plan)
        let timings = try readTimings()
        let reports = ReportDirectory(path: options.reportDirectory ?? plan.reports.dir)
        let runDirectory = URL(fileURLWithPath: reports.path).standardizedFileURL.path
        // Before anything is built or started: a refused guard must leave nothing running.
        let services: [ServiceSpec]
        do {
            services = try RunServices.startOrder(plan.services.map(ServiceSpec.init))
            try RunServices.checkGuards(services, runDirectory: runDirectory)
        } catch {
            throw .service(error)
        }
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
        var stoppedBy: ServiceError?
        do {
            let run = try await buildAndRun(
                plan: plan, selection: selection, reports: reports, runDirectory: runDirectory,
                services: services, timings: timings, observer: collector
            )
            outcome = (run.results, run.notes)
            if let failure = run.serviceFailure {
                stoppedBy = failure
                outcome.notes.append("the run ended with a failed service: \(failure.headline)")
            }
        } catch let error as OrchestratorError {
            throw error
        } catch where Task.isCancelled {
            // SIGINT or SIGTERM: the test processes are gone; keep what finished.
            interrupted = true
            let finished = await collector.finished
            let total = await collector.testCount
            outcome = (finished, ["interrupted by a signal after \(finished.count) of \(total) tests; the others did not run"])
        } catch let error as ServiceError {
            // Before any test ran there is nothing to report; after, keep what finished.
            guard await collector.testCount > 0 else { throw .service(error) }
            stoppedBy = error
            let finished = await collector.finished
            let total = await collector.testCount
            outcome = (finished, ["the run stopped after \(finished.count) of \(total) tests: \(error.headline)"])
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
        if let stoppedBy { throw .stoppedByService(stoppedBy, summary) }
        return summary
    }

    private struct RunOutcome {
        var results: [TestResult] = []
        var notes: [String] = []
        /// A service that failed while tests ran, though they all finished.
        var serviceFailure: ServiceError?
    }

    private func buildAndRun(
        plan: Plan, selection: TestSelection, reports: ReportDirectory, runDirectory: String,
        services: [ServiceSpec], timings: [String: Double], observer: any TestRunObserver
    ) async throws -> RunOutcome {
        let builder = PackageBuilder(packagePath: plan.package)
        if !options.skipBuild {
            await progress.note("building \(plan.package) (swift build --build-tests)")
            let buildLog = try ProcessLog(path: "\(reports.logsPath)/build.log")
            try await builder.build { await buildLog.line($0) }
            await buildLog.close()
            for spec in services where spec.build != nil {
                await progress.note("building service \(spec.name) (\(spec.build!.joined(separator: " ")))")
                try await ServiceBuilder.build(spec, context: ServiceContext(runDirectory: runDirectory, logDirectory: reports.logsPath))
            }
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
            if selected.isEmpty { return RunOutcome() }
        }
        var workers = min(options.workers ?? plan.workers ?? ProcessInfo.processInfo.activeProcessorCount, selected.count)
        if workers > 1, let shared = services.first(where: { $0.scope == .run && $0.testMode != nil }) {
            await progress.note("one worker: service \(shared.name) has a test mode and `scope: run`, so two tests cannot use it at once (`scope: worker` gives each worker its own)")
            workers = 1
        }
        var environment = plan.environment
        environment[TelltaleEnvironment.runDirectory] = runDirectory
        if !plan.arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = plan.arguments.joined(separator: "\n")
        }
        var configuration = TestRunner.Configuration(
            binary: binary,
            workingDirectory: plan.package,
            environment: environment,
            logDirectory: reports.logsPath,
            workers: workers,
            settings: settings,
            defaultSettings: PlanTestSettings.defaults(plan: plan, retriesOverride: options.retries)
        )
        let tests = selected
        guard !services.isEmpty else {
            let outcome = try await TestRunner(configuration: configuration).run(tests, allListed: listed, observer: observer)
            return RunOutcome(results: outcome.results, notes: outcome.notes)
        }

        let running = try RunServices(specs: services, workers: workers, runDirectory: runDirectory, logDirectory: reports.logsPath)
        configuration.workerEnvironment = Dictionary(uniqueKeysWithValues: (1...workers).map { ($0, running.environment(worker: $0)) })
        // Every test runs alone between its worker's reset/setup and teardown, and a crash is pinned on it.
        configuration.lifecycle = try ServiceTestHooks(services: running)
        let names = running.instances.map(\.instanceName).joined(separator: ", ")
        await progress.note("starting services: \(names)")
        let progress = self.progress
        let started = ContinuousClock.now
        let runner = TestRunner(configuration: configuration)
        let (outcome, failure) = try await running.run {
            let elapsed = ContinuousClock.now - started
            await progress.note("services ready in \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms")
            return try await runner.run(tests, allListed: listed, observer: observer)
        }
        return RunOutcome(results: outcome.results, notes: outcome.notes, serviceFailure: failure)
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

    /// `capture` and `expectations` are read and validated, but not yet checked during a run:
    /// a run that ignored them would look green.
    private func refuseUncheckedAnalytics(_ plan: Plan) throws(OrchestratorError) {
        guard !plan.expectations.isEmpty || plan.capture.catalog != nil else { return }
        throw .badOption("the plan has `expectations` or a `capture.catalog`, which this version of `telltale run` validates but does not check yet; `telltale plan validate` checks them")
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
