import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleProcesses
import TelltaleReports
import TelltaleRunner
import TelltaleServices
import TelltaleVerify

/// One `telltale run`: plan → guards → build → list → select → capture and services →
/// run → analytics checks → reports.
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
        let verifier = try loadVerifier(plan)
        let selection = try validatedSelection(for: plan)
        let timingsFile = try readTimings()
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
        let changes = try await changeSelection(for: plan)
        do {
            try reports.prepare()
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        if let changes, changes.selectsNothing {
            return try await nothingToRun(plan: plan, reports: reports, notes: changes.explanation)
        }
        let coverage = try await RunCoverage.prepare(plan: plan, options: options, reports: reports)

        let startedAt = Date()
        let clock = ContinuousClock.now
        async let environment = RunEnvironmentProbe.probe(in: plan.package)
        let history = await RunHistory.open(plan: plan, options: options, progress: progress)
        // Recorded medians balance the work; a --timings file given by hand wins where both know a test.
        let timings = await history.durations(progress: progress).merging(timingsFile) { $1 }
        let priorities = await history.priorities(progress: progress)
        let collector = ResultCollector(forwardingTo: progress)
        let execution = RunExecution(
            services: services, verifier: verifier, lifecycle: RunExecution.lifecycle(for: plan, services: services),
            runDirectory: runDirectory, logDirectory: reports.logsPath, progress: progress, captureSync: plan.capture.sync
        )
        var outcome = RunExecution.Outcome()
        var interrupted = false
        var stoppedBy: ServiceError?
        let watch = options.failFast ? FailFastWatch(forwardingTo: collector, quarantine: QuarantineList(plan.quarantine)) : nil
        do {
            let run = { @Sendable (observer: any TestRunObserver) async throws -> RunExecution.Outcome in
                try await buildAndRun(
                    plan: plan, selection: selection, changes: changes, reports: reports, execution: execution,
                    timings: timings, priorities: priorities, observer: observer, watch: watch, coverage: coverage
                )
            }
            if let stopped = try await runStoppingAtFailure(watch, run) {
                outcome = stopped
            } else {
                outcome = try await run(collector)
            }
            if let failure = outcome.serviceFailure {
                stoppedBy = failure
                outcome.notes.append("the run ended with a failed service: \(failure.headline)")
            }
        } catch let error as OrchestratorError {
            throw error
        } catch let stop as FailFastStop {
            // --fail-fast: the test processes are gone; keep what finished, and say why the rest did not run.
            outcome = await Self.partialOutcome(collector, execution) { finished, total in
                "stopped at the first failure (--fail-fast): \(stop.failure.id) \(stop.failure.outcome == .error ? "errored" : "failed"); "
                    + "\(finished) of \(total) tests ran, the others did not"
            }
            await progress.note(outcome.notes.last ?? "")
        } catch  where Task.isCancelled {
            // SIGINT or SIGTERM: the test processes are gone; keep what finished.
            interrupted = true
            outcome = await Self.partialOutcome(collector, execution) { finished, total in
                "interrupted by a signal after \(finished) of \(total) tests; the others did not run"
            }
        } catch let error as ServiceError {
            // Before any test ran there is nothing to report; after, keep what finished.
            guard await collector.testCount > 0 else { throw .service(error) }
            stoppedBy = error
            outcome = await Self.partialOutcome(collector, execution) { finished, total in
                "the run stopped after \(finished) of \(total) tests: \(error.headline)"
            }
        } catch let error as RunnerError {
            throw .infrastructure(error)
        } catch ChildProcessError.launchFailed(let command, let reason) {
            throw .infrastructure(.launchFailed(command: command, reason: reason))
        } catch {
            throw .infrastructure(.launchFailed(command: "telltale run", reason: "\(error)"))
        }
        // Whatever ended the run, its reports say what --changed selected and why.
        outcome.notes.insert(contentsOf: changes?.explanation ?? [], at: 0)
        await progress.finish()
        // After the tests: merge, export and summarise coverage once (not when interrupted: the run is being torn down).
        let measured = interrupted ? nil : await coverage?.finish(progress: progress)
        let checked = RunChecks.apply(verifier, to: outcome)
        let quarantined = QuarantineList(plan.quarantine).apply(to: checked.results)

        let elapsed = ContinuousClock.now - clock
        var record = RunRecord(
            tool: ToolInfo(version: Self.version),
            plan: PlanSummary(name: plan.name, path: plan.sourcePath, package: plan.package),
            environment: await environment,
            startedAt: startedAt,
            duration: elapsed.inSeconds,
            tests: quarantined.results,
            notes: outcome.notes + checked.notes + quarantined.notes + (measured?.notes ?? []),
            events: checked.events,
            shard: options.shard,
            verification: checked.report,
            coverage: measured?.coverage
        )
        await history.record(&record, progress: progress)
        let context = ReportContext(
            generatedAt: Date(),
            toolVersion: Self.version,
            sourceRoot: FileManager.default.currentDirectoryPath
        )
        do {
            let notes = try reports.writeReports(record, context: context)
            record.notes += notes.filter { !record.notes.contains($0) }
            for note in notes { await progress.note(note) }
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        let summary = RunSummary(record: record, reportDirectory: reports.path, exitCode: record.failed ? .testsFailed : .success)
        if interrupted { throw .interrupted(summary) }
        if let stoppedBy { throw .stoppedByService(stoppedBy, summary) }
        if let failure = measured?.failure { throw .coverageFailed(failure, summary) }
        return summary
    }

    /// What a run that ended early keeps: the tests that finished, and every event the
    /// capture server acknowledged (read back from its durable log).
    private static func partialOutcome(
        _ collector: ResultCollector, _ execution: RunExecution, note: (_ finished: Int, _ total: Int) -> String
    ) async -> RunExecution.Outcome {
        let finished = await collector.finished
        let total = await collector.testCount
        return RunExecution.Outcome(
            results: finished, notes: [note(finished.count, total)], events: CaptureLogFile.read(path: execution.captureLogPath)
        )
    }

    private func buildAndRun(
        plan: Plan, selection: TestSelection, changes: ChangeSelection?, reports: ReportDirectory, execution: RunExecution,
        timings: [String: Double], priorities: [String: Int], observer: any TestRunObserver, watch: FailFastWatch?,
        coverage: RunCoverage?
    ) async throws -> RunExecution.Outcome {
        let services = execution.services
        let builder = PackageBuilder(packagePath: plan.package, coverageArguments: coverage?.buildArguments ?? [])
        if !options.skipBuild {
            await progress.note("building \(plan.package) (swift build --build-tests\(coverage == nil ? "" : " --enable-code-coverage"))")
            let buildLog = try ProcessLog(path: "\(reports.logsPath)/build.log")
            try await builder.build { await buildLog.line($0) }
            await buildLog.close()
            for spec in services where spec.build != nil {
                await progress.note("building service \(spec.name) (\(spec.build!.joined(separator: " ")))")
                try await ServiceBuilder.build(spec, context: ServiceContext(runDirectory: execution.runDirectory, logDirectory: reports.logsPath))
            }
        }
        let product = try await builder.testBinary()
        let launcherKind = options.launcher ?? .automatic(testProduct: product)
        let launcher = try await launcherKind.makeLauncher(testProduct: product, packagePath: plan.package)
        if launcherKind != .direct { await progress.note("launcher: \(launcherKind.summary)") }
        let listing = try await TestLister(launcher: launcher, workingDirectory: plan.package).list()
        let listed = listing.tests
        var selected: [ListedTest]
        do {
            selected = try selection.select(listed)
        } catch {
            throw OrchestratorError.badOption(error.description)
        }
        guard !selected.isEmpty else {
            let patterns =
                selection.filter + selection.skip.map { "skip \($0)" } + selection.tags.map { "tag \($0)" }
                + selection.skipTags.map { "skip tag \($0)" } + selection.groups.map { "suite \($0.name)" }
            throw OrchestratorError.noTestsSelected(listed: listed.count, filters: patterns)
        }
        if let changes {
            selected = changes.filter(selected)
            guard !selected.isEmpty else {
                await progress.note("no test can be affected by this change: the affected test targets have no selected test")
                return RunExecution.Outcome(notes: ["no test can be affected by this change: the affected test targets have no selected test"])
            }
        }
        let settings = PlanTestSettings.settings(
            for: selected, plan: plan, selection: selection, retriesOverride: options.retries
        )
        await watch?.setRetries(
            settings.mapValues(\.retries), default: PlanTestSettings.defaults(plan: plan, retriesOverride: options.retries).retries)
        if let shard = options.shard {
            let serialGroups = settings.compactMapValues(\.serialGroup)
            let all = selected.count
            selected = ShardPlanner.select(selected, shard: shard, durations: timings, serialGroups: serialGroups)
            await progress.note(
                "shard \(shard): \(selected.count) of \(all) tests"
                    + (timings.isEmpty ? " (no history or --timings yet: split by test id)" : ", split by past durations"))
            if selected.isEmpty { return RunExecution.Outcome() }
        }
        var workers = min(options.workers ?? plan.workers ?? ProcessInfo.processInfo.activeProcessorCount, selected.count)
        if workers > 1, let shared = services.first(where: { $0.scope == .run && $0.testMode != nil }) {
            await progress.note(
                "one worker: service \(shared.name) has a test mode and `scope: run`, so two tests cannot use it at once (`scope: worker` gives each worker its own)"
            )
            workers = 1
        }
        var environment = plan.environment
        environment[TelltaleEnvironment.runDirectory] = execution.runDirectory
        if !plan.arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = plan.arguments.joined(separator: "\n")
        }
        var configuration = TestRunner.Configuration(
            launcher: launcher,
            workingDirectory: plan.package,
            environment: environment,
            logDirectory: reports.logsPath,
            workers: workers,
            settings: settings,
            defaultSettings: PlanTestSettings.defaults(plan: plan, retriesOverride: options.retries),
            durations: timings,
            priorities: priorities,
            eventStreamVersion: listing.eventStreamVersion ?? .v0,
            attachments: AttachmentStore(reportDirectory: reports.path)
        )
        configuration.profileFile = coverage?.profileFile
        return try await execution.run(selected, listed: listed, configuration: configuration, observer: observer)
    }

    /// With `--fail-fast` (`watch`), runs `body` until it ends or a test fails for good; then
    /// cancels it (its test processes end with it) and throws `FailFastStop`. Nil without `watch`.
    private func runStoppingAtFailure(
        _ watch: FailFastWatch?, _ body: @escaping @Sendable (any TestRunObserver) async throws -> RunExecution.Outcome
    ) async throws -> RunExecution.Outcome? {
        guard let watch else { return nil }
        return try await withThrowingTaskGroup(of: RunExecution.Outcome?.self) { group in
            group.addTask { try await body(watch) }
            // Ends (nil) when a test has failed for good.
            group.addTask {
                for await _ in watch.firstFailure { break }
                return nil
            }
            if let outcome = try await group.next() ?? nil {
                group.cancelAll()
                return outcome
            }
            group.cancelAll()
            // The run, cancelled: its processes are torn down before it returns.
            _ = try? await group.next()
            guard let failure = await watch.stoppedBy else { throw CancellationError() }
            throw FailFastStop(failure: failure)
        }
    }

    /// `--changed`: the test targets the change can affect, printed (with `--explain`, why);
    /// nil without `--changed`. Not a git repository, or an unknown base, is exit 2.
    private func changeSelection(for plan: Plan) async throws(OrchestratorError) -> ChangeSelection? {
        guard let base = options.changed else { return nil }
        let changes: ChangeSet
        do {
            changes = try await ChangeSet.load(package: plan.package, base: base)
        } catch {
            throw .badOption(error.description)
        }
        let graph: PackageGraph
        do {
            graph = try await PackageGraph.load(package: plan.package)
        } catch {
            throw .infrastructure(.launchFailed(command: "swift package describe --type json", reason: "\(error)"))
        }
        let selection = ChangeSelection.select(changes: changes, graph: graph, planPath: plan.sourcePath)
        let lines = selection.explanation
        if options.explain || selection.everything != nil || selection.selectsNothing {
            for line in lines { await progress.note(line) }
        } else {
            let targets = selection.testTargets.keys.sorted()
            await progress.note(
                "\(lines[0]); running \(targets.count) test target\(targets.count == 1 ? "" : "s"): \(targets.joined(separator: ", "))")
        }
        return selection
    }

    /// A change no test can see: exit 0, with the reports written and saying so.
    private func nothingToRun(plan: Plan, reports: ReportDirectory, notes: [String]) async throws(OrchestratorError) -> RunSummary {
        let record = RunRecord(
            tool: ToolInfo(version: Self.version),
            plan: PlanSummary(name: plan.name, path: plan.sourcePath, package: plan.package),
            environment: await RunEnvironmentProbe.probe(in: plan.package), startedAt: Date(), duration: 0, tests: [], notes: notes
        )
        let context = ReportContext(generatedAt: Date(), toolVersion: Self.version, sourceRoot: FileManager.default.currentDirectoryPath)
        do {
            try reports.writeReports(record, context: context)
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        return RunSummary(record: record, reportDirectory: reports.path, exitCode: .success)
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
        plan.tags += options.tags
        plan.skipTags += options.skipTags
        let manifest = URL(fileURLWithPath: plan.package).appendingPathComponent("Package.swift").path
        guard FileManager.default.fileExists(atPath: manifest) else {
            throw .noPackage(path: plan.package, fromPlan: options.planPath != nil && options.package == nil)
        }
        return plan
    }

    /// The plan's expectations and tracking plan, compiled once; nil when it has neither.
    /// A catalog that cannot be read is a plan problem (exit 2), like the plan's own.
    private func loadVerifier(_ plan: Plan) throws(OrchestratorError) -> Verifier? {
        guard !plan.expectations.isEmpty || plan.capture.catalog != nil else { return nil }
        var catalog: EventCatalog?
        if let path = plan.capture.catalog {
            do {
                catalog = try CatalogLoader().load(path: path, reference: plan.capture.catalogLocation)
            } catch {
                throw .badPlan(error)
            }
        }
        do {
            return try Verifier(expectations: plan.expectations, catalog: catalog)
        } catch {
            throw .badOption(error.localizedDescription)
        }
    }

    private func validatedSelection(for plan: Plan) throws(OrchestratorError) -> TestSelection {
        let selection = TestSelection(
            filter: plan.filter,
            skip: plan.skip,
            tags: plan.tags,
            skipTags: plan.skipTags,
            groups: plan.suites.map {
                TestSelection.Group(name: $0.name, filter: $0.filter, skip: $0.skip, tags: $0.tags, skipTags: $0.skipTags)
            }
        )
        do {
            _ = try selection.select([])
        } catch {
            throw .badOption("--filter/--skip: \(error.description)")
        }
        return selection
    }

}
