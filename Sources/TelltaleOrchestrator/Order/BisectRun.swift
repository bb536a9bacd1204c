import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleReports
import TelltaleRunner

/// `telltale bisect TEST_ID [PLAN] [--run PATH]`: bisects, on demand, the tests that ran before a
/// test in one process of a recorded run (its `run.json`), as a run does after its tests.
///
/// The record must hold where the test ran (`TestPlacement`). If its attempts already show it a
/// suspected victim or brittle test (`OrderSuspect`), the bisection starts at once; otherwise it
/// first runs the test alone: a test that failed after others and passes alone is a victim, one
/// that passed after others and fails alone is brittle, and anything else depends on no order.
/// The processes run with the plan's environment, without the capture server or services.
package struct BisectRun: Sendable {
    package struct Options: Sendable {
        package var test: TestID
        package var planPath: String?
        package var package: String?
        /// A report folder or its `run.json`, or a run's id in the history (`telltale history runs`);
        /// nil: the plan's report folder.
        package var run: String?
        /// The history `run` is read from when it is an id (overrides `TELLTALE_HISTORY_URL` and the plan's `history:`).
        package var history: String?
        package var skipBuild = false
        package var budget: Duration?
        package var launcher: LauncherKind?

        package init(test: TestID, planPath: String? = nil, package: String? = nil, run: String? = nil) {
            self.test = test
            self.planPath = planPath
            self.package = package
            self.run = run
        }
    }

    /// What it found, or why it found nothing.
    package enum Finding: Sendable {
        case bisected(OrderDependency)
        /// The test does the same alone as after the others: no order dependency to bisect.
        case notOrderDependent(String)

        /// 0 when it found the tests, else 1.
        package var exitCode: TelltaleExitCode {
            if case .bisected(let dependency) = self, dependency.verdict == .found { return .success }
            return .testsFailed
        }
    }

    /// Without `--budget`: on demand a person waits for the answer, so half an hour.
    package static let defaultBudget = Duration.seconds(1800)

    package var options: Options
    package var progress: ConsoleProgress

    package init(options: Options, progress: ConsoleProgress) {
        self.options = options
        self.progress = progress
    }

    package func run() async throws(OrchestratorError) -> Finding {
        var runOptions = RunOptions(planPath: options.planPath, package: options.package, skipBuild: options.skipBuild)
        if runOptions.planPath == nil {
            let discovery = PlanDiscovery.find(package: options.package ?? Plan.defaultPackage)
            if let note = discovery.note { await progress.note(note) }
            runOptions.planPath = discovery.plan
        }
        let orchestrator = RunOrchestrator(options: runOptions, progress: progress)
        let plan = try orchestrator.resolvePlan().plan
        let (path, tests) = try await readRecord(plan: plan)
        guard let result = tests.first(where: { $0.id == options.test }) else {
            let nearest = tests.map(\.id.rawValue).min {
                EditDistance.between($0, options.test.rawValue) < EditDistance.between($1, options.test.rawValue)
            }
            throw .badOption("\(path) has no test \(options.test)" + (nearest.map { "; the nearest is \($0)" } ?? ""))
        }
        let order = ProcessOrder(tests)
        do {
            return try await bisect(result, order: order, plan: plan, orchestrator: orchestrator)
        } catch let error as OrchestratorError {
            throw error
        } catch let error as RunnerError {
            throw .infrastructure(error)
        } catch {
            throw .infrastructure(.launchFailed(command: "telltale bisect", reason: "\(error)"))
        }
    }

    /// The recorded run's results: from the history when `--run` is a run's id there, else from a `run.json`.
    private func readRecord(plan: Plan) async throws(OrchestratorError) -> (String, [TestResult]) {
        if let id = historyRunID {
            return try await readHistoryRun(id, plan: plan)
        }
        let source = options.run ?? plan.reports.dir
        let path = source.hasSuffix(".json") ? source : "\(source)/run.json"
        do {
            return (path, try RunRecordFile.read(path: path).tests)
        } catch {
            throw .badOption("\(error.localizedDescription); give the run with --run (a report folder or its run.json)")
        }
    }

    private func bisect(_ recorded: TestResult, order: ProcessOrder, plan: Plan, orchestrator: RunOrchestrator) async throws -> Finding {
        var result = recorded
        let placed = result.allAttempts.compactMap { attempt in attempt.placement.map { (attempt.outcome, $0) } }
        guard let after = placed.last(where: { !$0.1.isAlone && $0.0 != .skipped }) else {
            throw OrchestratorError.badOption(
                "the record holds no test process in which \(result.id) ran after other tests (a record from before Telltale kept the order, or the test ran alone): run it again, then bisect"
            )
        }
        if !options.skipBuild {
            await progress.note("building \(plan.package)")
            try await PackageBuilder(packagePath: plan.package).build { _ in }
        }
        let product = try await PackageBuilder(packagePath: plan.package).testBinary()
        let launcher = try await (options.launcher ?? .automatic(testProduct: product)).makeLauncher(testProduct: product, packagePath: plan.package)
        let listing = try await TestLister(launcher: launcher, workingDirectory: plan.package).list()
        let selection = try orchestrator.validatedSelection(for: plan)
        let (tests, testEnvironment) = PlanVariants.expand(listing.tests, plan: plan, selection: selection)
        // The history keeps no framework: the listing knows it.
        if let listed = tests.first(where: { $0.id == result.id }) { result.framework = listed.framework }
        let found = result
        // Every listed test may be a predecessor: each keeps the plan's settings, with no retries,
        // so a bisection step's outcome is one attempt's.
        let runnable = Runnable(
            tests: tests, testEnvironment: testEnvironment, notes: [], subset: nil, planned: tests.count,
            settings: PlanTestSettings.settings(for: tests, plan: plan, selection: selection, retriesOverride: 0),
            defaults: PlanTestSettings.defaults(plan: plan, retriesOverride: 0))
        let configuration = runnable.configuration(
            launcher: launcher, plan: plan, runDirectory: ReportDirectory(path: plan.reports.dir).absolutePath,
            eventStreamVersion: listing.eventStreamVersion ?? .v0)
        return try await TestRunner(configuration: configuration).withOrderProbe(allListed: listing.tests) { probe in
            var suspect = OrderSuspect.suspect(of: found, order: order)
            if suspect == nil {
                let wasFailing = after.0.isFailure
                await progress.note("\(found.id) \(wasFailing ? "failed" : "passed") after other tests in \(after.1.process): running it alone")
                let alone = try await probe.run([], then: found.id, framework: found.framework)
                let aloneFailed = alone?.outcome.isFailure ?? true
                guard aloneFailed != wasFailing else {
                    return .notOrderDependent(
                        "\(found.id) \(aloneFailed ? "fails" : "passes") alone too: its outcome does not depend on the tests before it")
                }
                suspect = OrderSuspect(
                    test: found.id, framework: found.framework, kind: wasFailing ? .victim : .brittle, process: after.1.process,
                    predecessors: order.predecessors(in: after.1.process, before: after.1.position))
            }
            await progress.bisecting(suspect!)
            let dependency = try await probe.bisect(
                suspect!, deadline: .now + (options.budget ?? Self.defaultBudget), command: orchestrator.reproductionCommand(plan))
            await progress.bisected(found.id, dependency)
            return .bisected(dependency)
        }
    }
}
