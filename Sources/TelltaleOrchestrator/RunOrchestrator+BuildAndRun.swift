import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleProcesses
import TelltaleRunner
import TelltaleServices

/// A run's middle: build (the package and its services), list, select, shard, then run the
/// selection in `RunExecution`, with what the plan and options say about workers and classes.
extension RunOrchestrator {
    /// Builds (unless `--skip-build`), lists and selects the tests, then runs them in
    /// `execution`. The build and the listing stop with the run (`RunStop`).
    func buildAndRun(
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
        // A coverage run builds in a folder of its own, so the test product is found there.
        let builder = setup.coverage?.builder ?? PackageBuilder(packagePath: plan.package)
        let product = try await builder.testBinary()
        let launcherKind = options.launcher ?? .automatic(testProduct: product)
        let launcher = try await launcherKind.makeLauncher(testProduct: product, packagePath: plan.package, buildArguments: builder.buildArguments)
        if launcherKind != .direct { await progress.note("launcher: \(launcherKind.summary)") }
        let listing = try await stop.run { try await TestLister(launcher: launcher, workingDirectory: plan.package, testProduct: product).list() }
        let runnable = try await runnable(from: listing.tests, setup: setup, timings: timings, wholeClasses: wholeClasses(setup))
        await watch?.setRetries(runnable.settings.mapValues(\.retries), default: runnable.defaults.retries)
        let selected = runnable.tests
        guard !selected.isEmpty else { return runnable.outcomeWithoutTests }
        var configuration = runnable.configuration(
            launcher: launcher, plan: plan, runDirectory: execution.runDirectory, logDirectory: setup.reports.logsPath,
            workers: await workerCount(for: selected.count, setup: setup), durations: timings, priorities: priorities,
            eventStreamVersion: listing.eventStreamVersion ?? .v0, attachments: AttachmentStore(reportDirectory: setup.reports.path))
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
        // Alone, `runQueued` runs the body at once; in queue mode it joins the build first and
        // hands the body the build's queue, which the runner then takes its batches from.
        let (runStop, configured, chosen) = (stop, configuration, selected)
        var outcome = try await runQueued(
            selected, settings: runnable.settings, timings: timings, package: plan.package, workers: configured.workers,
            quarantine: QuarantineList(plan.quarantine), wholeClasses: wholeClasses(setup), processStartCost: launcher.processStartCost
        ) { shared in
            var configuration = configured
            configuration.sharedQueue = shared
            return try await execution.run(chosen, listed: listing.tests, configuration: configuration, observer: observer, stop: runStop)
        }
        outcome.stress = stress
        outcome.subset = runnable.subset
        // A machine of a queue build ran part of it: its coverage total is not the suite's.
        if let queue {
            outcome.subset = CoverageSubset(
                selected: outcome.results.count, planned: runnable.planned, reasons: ["part of queue build \(queue.build)"])
        }
        outcome.notes.insert(contentsOf: runnable.notes + (stress?.notes ?? []), at: 0)
        return outcome
    }

    /// The package as `swift test` builds it (`PackageBuilder`), then each service's own build, logged to `logs/`.
    func build(_ setup: Setup, execution: RunExecution) async throws {
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
    /// with `splitClasses`.
    func wholeClasses(_ setup: Setup) -> Bool {
        setup.seed == nil && !setup.settings.splitClasses
    }

    /// The settings' workers, or the cores; one where a shared service's test mode allows no more.
    func workerCount(for tests: Int, setup: Setup) async -> Int {
        let workers = setup.settings.workerCount(for: tests)
        if workers > 1, let shared = setup.services.first(where: { $0.scope == .run && $0.testMode != nil }) {
            await progress.note(
                "one worker: service \(shared.name) has a test mode and `scope: run`, so two tests cannot use it at once (`scope: worker` gives each worker its own)"
            )
            return 1
        }
        return workers
    }
}
