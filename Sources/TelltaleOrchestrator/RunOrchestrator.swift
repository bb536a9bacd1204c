import Foundation
import TelltaleChanges
import TelltaleModel
import TelltalePlan
import TelltaleProcesses
import TelltaleRecord
import TelltaleReports
import TelltaleRunner
import TelltaleServices
import TelltaleVerify

/// One `telltale run`: plan → guards → the change → build → list → select → capture and services
/// → run → coverage → analytics checks, stress verdicts, quarantine → history → reports.
///
/// Problems with the plan or options surface before anything starts (exit 2); build, process
/// and service failures are infrastructure (exit 3); the tests' own failures are exit 1. Reports
/// are written whenever tests ran, however the run ended: every record is assembled by `record(_:setup:environment:startedAt:duration:coverage:)`
/// from the outcome `RunExecution` reads out of the runner's ledger.
public struct RunOrchestrator: Sendable {
    public static let version = "0.1.0"

    public var options: RunOptions
    public var progress: ConsoleProgress
    /// An orderly stop: `--fail-fast` and the first signal request it.
    public var stop: RunStop
    /// Queue mode's database, build and machine, once reached (`withQueueStarted`).
    var queue: RunQueue?

    public init(options: RunOptions, progress: ConsoleProgress, stop: RunStop = RunStop()) {
        self.options = options
        self.progress = progress
        self.stop = stop
    }

    /// What every step after the checks needs: the plan and what was derived from it.
    struct Setup: Sendable {
        var plan: Plan
        var verifier: Verifier?
        var selection: TestSelection
        /// The plan's own selection, without the command line's `--filter`, `--skip` and tags.
        var planSelection: TestSelection
        var timings: [String: Double]
        var reports: ReportDirectory
        var services: [ServiceSpec]
        var changes: ChangeSelection?
        /// Nil when the run measures no coverage.
        var coverage: RunCoverage?
        /// `--shuffle`'s seed; nil for the usual order.
        var seed: Int?
        /// What the run is compared with, and its gate (`--fail-on`).
        var baseline = BaselineRequest()
    }

    public func run() async throws(OrchestratorError) -> RunSummary {
        guard let commit = options.commit else { return try await withFoundPlan().runPrepared(notes: []) }
        // `--commit`: the same run, of the commit, where it is checked out.
        let package = options.package ?? Plan.defaultPackage
        let checkout: CommitCheckout
        do {
            checkout = try await CommitCheckout.prepare(commit: commit, package: package, planPath: options.planPath)
        } catch {
            throw .badOption(error.description)
        }
        var moved = self
        moved.options.commit = nil
        moved.options.planPath = checkout.planPath
        // A plan's own `package:` is relative to the plan, which moved with it.
        if options.package != nil || options.planPath == nil { moved.options.package = checkout.package }
        moved.options.historyPackage = options.historyPackage ?? package
        // The commit's own plan beside its Package.swift, when none is named.
        return try await moved.withFoundPlan().runPrepared(notes: [checkout.note])
    }

    /// Without a plan named: the one beside the package's `Package.swift`, said on the first
    /// line of output (`PlanDiscovery`), or a note naming the plans under `Plans/`.
    private func withFoundPlan() async -> RunOrchestrator {
        guard options.planPath == nil else { return self }
        let discovery = PlanDiscovery.find(package: options.package ?? Plan.defaultPackage)
        if let note = discovery.note { await progress.note(note) }
        var found = self
        found.options.planPath = discovery.plan
        return found
    }

    private func runPrepared(notes: [String]) async throws(OrchestratorError) -> RunSummary {
        if options.queue != nil, queue == nil {
            let (queued, fallback) = try await withQueueStarted()
            return try await queued.runPrepared(notes: notes + fallback)
        }
        for note in notes { await progress.note(note) }
        let setup = try await prepare()
        let startedAt = Date()
        let clock = ContinuousClock.now
        if let changes = setup.changes, changes.selectsNothing {
            setup.coverage?.collector.cleanUp()
            let outcome = RunExecution.Outcome(notes: notes + changes.explanation)
            let environment = await RunEnvironmentProbe.probe(in: setup.plan.package)
            let record = await record(outcome, setup: setup, environment: environment, startedAt: startedAt, duration: 0)
            return try await write(record, reports: setup.reports, end: .finished, serviceFailure: nil)
        }
        // Open from before the build (durations) until the run is recorded, and no longer.
        return try await RunHistory.withOpened(plan: setup.plan, options: options, progress: progress) { history throws(OrchestratorError) in
            async let environment = RunEnvironmentProbe.probe(in: setup.plan.package)
            var outcome = try await execute(setup, history: history)
            // Whatever ended the run, its reports say what was tested (--commit, --changed) and why.
            outcome.notes.insert(contentsOf: notes + (setup.changes?.explanation ?? []), at: 0)
            outcome.notes += await explainEnd(outcome)
            await progress.finish()
            let coverage = await measureCoverage(setup, outcome: outcome)
            var record = await record(
                outcome, setup: setup, environment: await environment, startedAt: startedAt,
                duration: (ContinuousClock.now - clock).inSeconds, coverage: coverage)
            await compare(&record, setup: setup, history: history, outcome: outcome)
            // A machine's part of a queue build is not a run: `telltale queue report --history` records the build.
            if queue == nil { await history.record(&record, progress: progress) }
            if let map = coverage?.map { await history.keep(map, in: &record, progress: progress) }
            return try await write(
                record, reports: setup.reports, end: outcome.end, serviceFailure: outcome.serviceFailure, coverageFailure: coverage?.failure,
                buildFailed: !outcome.buildFailures.isEmpty)
        }
    }

    /// Every check that needs nothing started: the plan, its catalog, the selection, the
    /// timings, the services' guards and `--changed`; then the report folder is made ready.
    private func prepare() async throws(OrchestratorError) -> Setup {
        try await refuseRevisionAsPlan()
        let (plan, own, catalog, warnings) = try resolvePlan()
        for warning in warnings { await progress.note(warning.description) }
        let verifier = try loadVerifier(plan, catalog: catalog)
        let selection = try validatedSelection(for: plan)
        let planSelection = try validatedSelection(for: own)
        let timings = try readTimings()
        let baseline = try await baselineRequest(for: plan)
        let reports = ReportDirectory(path: options.reportDirectory ?? plan.reports.dir)
        // Before anything is built or started: a refused guard must leave nothing running.
        let services: [ServiceSpec]
        do {
            services = try RunServices.startOrder(plan.services.map(ServiceSpec.init))
            try RunServices.checkGuards(services, runDirectory: reports.absolutePath)
        } catch {
            throw .service(error)
        }
        let changes = try await changeSelection(for: plan)
        do {
            try reports.prepare()
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        let coverage = try await RunCoverage.prepare(plan: plan, options: options, reports: reports)
        return Setup(
            plan: plan, verifier: verifier, selection: selection, planSelection: planSelection, timings: timings, reports: reports,
            services: services, changes: changes, coverage: coverage, seed: await shuffleSeed(for: plan), baseline: baseline)
    }

    /// Builds and runs the tests; maps what can go wrong on the way to its exit status.
    private func execute(_ setup: Setup, history: RunHistory) async throws(OrchestratorError) -> RunExecution.Outcome {
        // Recorded medians balance the work; a --timings file given by hand wins where both know a test.
        let timings = await history.durations(progress: progress).merging(setup.timings) { $1 }
        let priorities = await history.priorities(progress: progress)
        let stressing = (options.stressNew ?? setup.plan.stress.new) > 0
        let passedTests = stressing ? await history.testsThatPassed(progress: progress) : nil
        let execution = RunExecution(
            services: setup.services, verifier: setup.verifier,
            lifecycle: RunExecution.lifecycle(for: setup.plan, services: setup.services),
            runDirectory: setup.reports.absolutePath, logDirectory: setup.reports.logsPath, progress: progress,
            captureSync: setup.plan.capture.sync
        )
        let watch = options.failFast ? FailFastWatch(forwardingTo: progress, stop: stop, quarantine: QuarantineList(setup.plan.quarantine)) : nil
        do {
            return try await buildAndRun(
                setup, execution: execution, timings: timings, priorities: priorities, passedTests: passedTests,
                earlierPasses: history.earlierPasses(progress: progress), observer: watch ?? progress, watch: watch)
        } catch let error as OrchestratorError {
            throw error
        } catch let stopped as RunStopped {
            // Stopped before the tests started (during the build or the listing).
            return RunExecution.Outcome(end: .stopped(stopped.reason))
        } catch is CancellationError where Task.isCancelled {
            return RunExecution.Outcome(end: .cancelled)
        } catch let error as ServiceError {
            throw .service(error)
        } catch let error as RunnerError {
            throw .infrastructure(error)
        } catch ChildProcessError.launchFailed(let command, let reason) {
            throw .infrastructure(.launchFailed(command: command, reason: reason))
        } catch {
            throw .infrastructure(.launchFailed(command: "telltale run", reason: "\(error)"))
        }
    }

    /// The notes that say why a run ended early, and which tests did not run.
    private func explainEnd(_ outcome: RunExecution.Outcome) async -> [String] {
        let ran = outcome.results.count
        let total = ran + outcome.notRun.count
        let why: String
        switch outcome.end {
        case .finished:
            if let failure = outcome.serviceFailure { return ["the run ended with a failed service: \(failure.headline)"] }
            return []
        case .stopped(.failFast(let test)):
            why = "stopped at the first failure (--fail-fast): \(test.id) \(test.outcome == .error ? "errored" : "failed")"
        case .stopped(.signal), .cancelled:
            why = "interrupted by a signal"
        case .serviceFailed(let error):
            why = "the run stopped: \(error.headline)"
        }
        let note = "\(why); \(ran) of \(total) tests ran" + Self.notRunList(outcome.notRun)
        await progress.note(note)
        return [note]
    }

    /// `, the others did not: A, B, … and 3 more`.
    static func notRunList(_ ids: [TestID]) -> String {
        guard !ids.isEmpty else { return "" }
        let shown = ids.prefix(10).map(\.rawValue).joined(separator: ", ")
        return ", these did not: \(shown)" + (ids.count > 10 ? " and \(ids.count - 10) more" : "")
    }

    /// After the tests, coverage merged, exported and summarised once; not for a run a signal
    /// ended (it is being torn down), nor one that measures none, nor one in which no test ran
    /// (`--changed` found none to run: there is nothing to measure, and that is no failure).
    private func measureCoverage(_ setup: Setup, outcome: RunExecution.Outcome) async -> RunCoverage.Measured? {
        guard let coverage = setup.coverage else { return nil }
        switch outcome.end {
        case .stopped(.signal), .cancelled: return nil
        case .finished where outcome.results.isEmpty:
            coverage.collector.cleanUp()
            return RunCoverage.Measured(notes: ["coverage: no test ran, so none was measured"])
        case .finished, .stopped(.failFast), .serviceFailed:
            return await coverage.finish(progress: progress, results: outcome.results, subset: outcome.subset)
        }
    }

    /// The run record, from the outcome however the run ended, by the one record builder
    /// (`RunRecordBuilder`: analytics checks, flaky causes, stress and repetition verdicts,
    /// quarantine), with the coverage and its notes.
    private func record(
        _ outcome: RunExecution.Outcome, setup: Setup, environment: RunEnvironment, startedAt: Date, duration: Double,
        coverage: RunCoverage.Measured? = nil
    ) async -> RunRecord {
        let raw = RawRun(
            results: outcome.results, events: outcome.events, checkedAtEnd: outcome.checkedAtEnd, notes: outcome.notes,
            repetitions: outcome.repetitions, stress: outcome.stress?.judgement)
        let context = RecordContext(
            toolVersion: Self.version, plan: PlanSummary(name: setup.plan.name, path: setup.plan.sourcePath, package: setup.plan.package),
            environment: environment, startedAt: startedAt, duration: duration, shard: options.shard, coverage: coverage?.coverage,
            order: runOrder(seed: setup.seed, repetitions: outcome.repetitions))
        var record = RunRecordBuilder.build(raw, rules: Self.recordRules(setup.plan, verifier: setup.verifier), context: context)
        record.notes += coverage?.notes ?? []
        return record
    }

    /// The plan's rules every record of it is judged by: its expectations and tracking plan, its
    /// quarantine, and the package's folder here.
    static func recordRules(_ plan: Plan, verifier: Verifier?) -> RecordRules {
        RecordRules(
            verifier: verifier, quarantine: QuarantineList(plan.quarantine),
            packageRoot: URL(fileURLWithPath: plan.package).standardizedFileURL.path)
    }

    /// Writes every report; returns the summary, or throws it inside the error that says how
    /// the run ended (interrupted, stopped by a service, coverage not measured). `buildFailed`:
    /// a queue mode build failed on other machines, and this machine exits with its verdict.
    private func write(
        _ record: RunRecord, reports: ReportDirectory, end: RunExecution.End, serviceFailure: ServiceError?, coverageFailure: String? = nil,
        buildFailed: Bool = false
    ) async throws(OrchestratorError) -> RunSummary {
        var record = record
        let context = ReportContext(generatedAt: Date(), toolVersion: Self.version, sourceRoot: FileManager.default.currentDirectoryPath)
        do {
            let notes = try reports.writeReports(record, context: context)
            record.notes += notes.filter { !record.notes.contains($0) }
            for note in notes { await progress.note(note) }
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        let summary = RunSummary(record: record, reportDirectory: reports.path, exitCode: record.failed || buildFailed ? .testsFailed : .success)
        switch end {
        case .finished:
            if let serviceFailure { throw .stoppedByService(serviceFailure, summary) }
            if let coverageFailure { throw .coverageFailed(coverageFailure, summary) }
            return summary
        case .stopped(.failFast):
            if let coverageFailure { throw .coverageFailed(coverageFailure, summary) }
            return summary
        case .stopped(.signal), .cancelled: throw .interrupted(summary)
        case .serviceFailed(let error): throw .stoppedByService(error, summary)
        }
    }

    /// Builds (unless `--skip-build`), lists and selects the tests, then runs them in
    /// `execution`. The build and the listing stop with the run (`RunStop`).
    private func buildAndRun(
        _ setup: Setup, execution: RunExecution, timings: [String: Double], priorities: [String: Int], passedTests: Set<String>?,
        earlierPasses: (@Sendable ([TestID]) async -> [TestID: EarlierPass])?, observer: any TestRunObserver, watch: FailFastWatch?
    ) async throws -> RunExecution.Outcome {
        let plan = setup.plan
        if let xcode = plan.xcode {
            if setup.seed != nil || options.repeats {
                await progress.note("--shuffle, --repeat and --until-failure do not apply under xcode: (xcodebuild orders and runs the tests)")
            }
            return try await buildAndRunUnderXcode(setup, xcode: xcode, execution: execution, timings: timings, observer: observer)
        }
        if !options.skipBuild { try await stop.run { try await build(setup, execution: execution) } }
        let builder = setup.coverage?.builder ?? PackageBuilder(packagePath: plan.package)
        let product = try await builder.testBinary()
        let launcherKind = options.launcher ?? .automatic(testProduct: product)
        let launcher = try await launcherKind.makeLauncher(testProduct: product, packagePath: plan.package, buildArguments: builder.buildArguments)
        if launcherKind != .direct { await progress.note("launcher: \(launcherKind.summary)") }
        let listing = try await stop.run { try await TestLister(launcher: launcher, workingDirectory: plan.package, testProduct: product).list() }
        let (tests, testEnvironment) = PlanVariants.expand(listing.tests, plan: plan, selection: setup.selection)
        try await checkSelectors(of: setup, against: tests)
        var (selected, selectionNotes, narrowing) = try await select(from: tests, setup: setup)
        if selected.isEmpty {
            let note = "no test can be affected by this change: the affected test targets have no selected test"
            await progress.note(note)
            return RunExecution.Outcome(notes: selectionNotes + [note])
        }
        let settings = PlanTestSettings.settings(for: selected, plan: plan, selection: setup.selection, retriesOverride: options.retries)
        let defaults = PlanTestSettings.defaults(plan: plan, retriesOverride: options.retries)
        await watch?.setRetries(settings.mapValues(\.retries), default: defaults.retries)
        selected = await shard(selected, settings: settings, timings: timings, wholeClasses: wholeClasses(setup))
        if selected.isEmpty {
            // A shard that got no unit (whole classes can leave a shard empty) still ran part of
            // the tests: it removed none of the base's.
            var outcome = RunExecution.Outcome(notes: selectionNotes)
            outcome.subset = narrowing.subset(selected: 0, shard: options.shard)
            return outcome
        }
        var configuration = TestRunner.Configuration(
            launcher: launcher,
            workingDirectory: plan.package,
            environment: Self.testEnvironment(plan: plan, execution: execution),
            logDirectory: setup.reports.logsPath,
            workers: await workerCount(for: selected.count, setup: setup),
            settings: settings,
            defaultSettings: defaults,
            durations: timings,
            priorities: priorities,
            eventStreamVersion: listing.eventStreamVersion ?? .v0,
            attachments: AttachmentStore(reportDirectory: setup.reports.path)
        )
        configuration.testEnvironment = testEnvironment
        applyOrder(to: &configuration, setup: setup, selected: selected)
        configuration.earlierPasses = earlierPasses
        configuration.profileFile = setup.coverage?.profileFile
        configuration.profileFileByTest = setup.coverage?.profileFiles(for: selected)
        if configuration.profileFileByTest != nil { await progress.note("coverage map: every test runs in a process of its own") }
        // --repeat runs every test more times already (the command refuses --stress-new with it).
        if options.repeats, plan.stress.new > 0 { await progress.note("stress: not with --repeat or --until-failure, which run every test again") }
        let stress = options.repeats ? nil : await stressSelection(for: selected.map(\.id), setup: setup, passed: passedTests)
        if let stress {
            configuration.stressTests = stress.tests
            configuration.stressRuns = stress.runs
            await watch?.setFlakyOnArrivalFails(!stress.reportOnly)
        }
        let (runStop, configured, chosen) = (stop, configuration, selected)
        var outcome = try await runQueued(
            selected, settings: settings, timings: timings, package: plan.package, workers: configured.workers,
            quarantine: QuarantineList(plan.quarantine), wholeClasses: wholeClasses(setup)
        ) { shared in
            var configuration = configured
            configuration.sharedQueue = shared
            return try await execution.run(chosen, listed: listing.tests, configuration: configuration, observer: observer, stop: runStop)
        }
        outcome.stress = stress
        outcome.subset = narrowing.subset(selected: selected.count, shard: options.shard)
        // A machine of a queue build ran part of it: its coverage total is not the suite's.
        if let queue {
            outcome.subset = CoverageSubset(
                selected: outcome.results.count, planned: narrowing.planned, reasons: ["part of queue build \(queue.build)"])
        }
        outcome.notes.insert(contentsOf: selectionNotes + (stress?.notes ?? []), at: 0)
        return outcome
    }

    /// What every test process of the run is given besides capture and services: the plan's
    /// environment, the run folder and the plan's launch arguments.
    static func testEnvironment(plan: Plan, execution: RunExecution) -> [String: String] {
        var environment = plan.environment
        environment[TelltaleEnvironment.runDirectory] = execution.runDirectory
        if !plan.arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = plan.arguments.joined(separator: "\n")
        }
        return environment
    }

    /// The package as `swift test` builds it (`PackageBuilder`), then each service's own build, logged to `logs/`.
    private func build(_ setup: Setup, execution: RunExecution) async throws {
        if let note = try setup.coverage?.prepareBuildFolder() { await progress.note(note) }
        let builder = setup.coverage?.builder ?? PackageBuilder(packagePath: setup.plan.package)
        let sharing = builder.coverageArguments.isEmpty ? ", as swift test builds" : ", in a build folder of its own"
        await progress.note("building \(setup.plan.package) (\(builder.command.joined(separator: " "))\(sharing))")
        let buildLog = try ProcessLog(path: "\(setup.reports.logsPath)/build.log")
        try await builder.build { await buildLog.line($0) }
        await buildLog.close()
        for spec in setup.services {
            guard let command = spec.build else { continue }
            await progress.note("building service \(spec.name) (\(command.joined(separator: " ")))")
            try await ServiceBuilder.build(
                spec, context: ServiceContext(runDirectory: execution.runDirectory, logDirectory: setup.reports.logsPath))
        }
    }

    /// Whether an XCTest class runs whole, in its order (`TestUnits`): not in a shuffled run, nor
    /// with `--split-classes` or the plan's `splitClasses:`.
    func wholeClasses(_ setup: Setup) -> Bool {
        setup.seed == nil && !options.splitClasses && !setup.plan.splitClasses
    }

    /// `--workers`, the plan's, or the cores; one where a shared service's test mode allows no more.
    private func workerCount(for tests: Int, setup: Setup) async -> Int {
        let workers = min(options.workers ?? setup.plan.workers ?? ProcessInfo.processInfo.activeProcessorCount, tests)
        if workers > 1, let shared = setup.services.first(where: { $0.scope == .run && $0.testMode != nil }) {
            await progress.note(
                "one worker: service \(shared.name) has a test mode and `scope: run`, so two tests cannot use it at once (`scope: worker` gives each worker its own)"
            )
            return 1
        }
        return workers
    }
}
