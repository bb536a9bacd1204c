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
package struct RunOrchestrator: Sendable {
    package static let version = "0.1.0"

    package var options: RunOptions
    package var progress: ConsoleProgress
    /// An orderly stop: `--fail-fast` and the first signal request it.
    package var stop: RunStop
    /// Queue mode's database, build and machine, once reached (`withQueueStarted`).
    var queue: RunQueue?

    package init(options: RunOptions, progress: ConsoleProgress, stop: RunStop = RunStop()) {
        self.options = options
        self.progress = progress
        self.stop = stop
    }

    /// What every step after the checks needs: the plan and what was derived from it.
    struct Setup: Sendable {
        var plan: Plan
        /// What the flags, the environment and the plan together say the run does.
        var settings: RunSettings
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

    package func run() async throws(OrchestratorError) -> RunSummary {
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
        return try await RunHistory.withOpened(setup.settings, progress: progress) { history throws(OrchestratorError) in
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
        let (plan, own, settings, catalog, warnings) = try resolvePlan()
        for warning in warnings { await progress.note(warning.description) }
        let verifier = try loadVerifier(plan, catalog: catalog)
        let selection = try validatedSelection(for: plan)
        let planSelection = try validatedSelection(for: own)
        let timings = try readTimings()
        let baseline = try await baselineRequest(for: plan, settings: settings)
        let reports = ReportDirectory(path: settings.reportDirectory)
        // Before anything is built or started: a refused guard must leave nothing running.
        let services: [ServiceSpec]
        do {
            services = try RunServices.startOrder(plan.services.map(ServiceSpec.init))
            try RunServices.checkGuards(services, runDirectory: reports.absolutePath)
        } catch {
            throw .service(error)
        }
        let changes = try await changeSelection(for: plan, settings: settings)
        do {
            try reports.prepare()
        } catch {
            throw .reportsUnwritable(path: reports.path, reason: error.localizedDescription)
        }
        let coverage = try await RunCoverage.prepare(plan: plan, settings: settings, options: options, reports: reports)
        return Setup(
            plan: plan, settings: settings, verifier: verifier, selection: selection, planSelection: planSelection, timings: timings,
            reports: reports, services: services, changes: changes, coverage: coverage, seed: await shuffleSeed(settings.shuffle),
            baseline: baseline)
    }

    /// Builds and runs the tests; maps what can go wrong on the way to its exit status.
    private func execute(_ setup: Setup, history: RunHistory) async throws(OrchestratorError) -> RunExecution.Outcome {
        // Recorded medians balance the work; a --timings file given by hand wins where both know a test.
        let timings = await history.durations(progress: progress).merging(setup.timings) { $1 }
        let priorities = await history.priorities(progress: progress)
        let stressing = setup.settings.stressNew > 0
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
        var record = RunRecordBuilder.build(raw, rules: RecordRules(setup.plan, verifier: setup.verifier), context: context)
        record.notes += coverage?.notes ?? []
        return record
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
}
