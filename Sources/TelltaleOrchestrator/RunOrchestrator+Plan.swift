import Foundation
import TelltaleChanges
import TelltaleCoverage
import TelltaleModel
import TelltalePlan
import TelltaleRunner
import TelltaleVerify

/// The checks `prepare()` makes before anything starts: the plan and what overrides it, the
/// catalog, the selection's patterns, `--timings`, and `--changed`.
extension RunOrchestrator {
    /// `--changed`: the test targets the change can affect, printed (with `--explain`, why);
    /// nil without `--changed`. Not a git repository, or an unknown base, is exit 2.
    func changeSelection(for plan: Plan, settings: RunSettings) async throws(OrchestratorError) -> ChangeSelection? {
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
        var selection = ChangeSelection.select(changes: changes, graph: graph, planPath: plan.sourcePath)
        if settings.select == .tests, selection.everything == nil, !selection.selectsNothing {
            await narrow(&selection, changes: changes, graph: graph, plan: plan, settings: settings)
        }
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

    /// `--select tests`: the selection narrowed by the history's coverage map, or a note saying
    /// why it stays by target.
    private func narrow(_ selection: inout ChangeSelection, changes: ChangeSet, graph: PackageGraph, plan: Plan, settings: RunSettings) async {
        let started = ContinuousClock.now
        // The outer nil: no history to read; the inner: a history without a map.
        let latest: (map: CoverageMap, label: String)?? = await RunHistory.withOpened(settings, progress: progress) {
            history in
            guard history.store != nil else { return nil }
            return .some(await history.latestCoverageMap(progress: progress))
        }
        guard let latest else {
            selection.levelNote = "selecting by test target: --select tests reads the coverage map from the history, which this run does not use"
            return
        }
        guard let (map, label) = latest else {
            selection.levelNote =
                "selecting by test target: the history has no coverage map "
                + "(record one with `telltale run --coverage-map`, or bring CI's with `telltale history import coverage-map.bin`)"
            return
        }
        guard let commit = changes.commit else { return }
        do {
            var level = try await selection.narrowed(
                by: map, label: label, package: plan.package, graph: graph, planPath: plan.sourcePath, commit: commit)
            level.mapLabel += ", chosen in \((ContinuousClock.now - started).inMilliseconds) ms"
            selection.testLevel = level
        } catch {
            selection.levelNote = "selecting by test target: \(error)"
        }
    }

    /// `telltale run --changed HEAD`: the parser takes `HEAD` for the plan. When no such file
    /// exists but git knows the revision, say how to give a base (exit 2, as for a missing plan).
    func refuseRevisionAsPlan() async throws(OrchestratorError) {
        guard options.changed != nil, let path = options.planPath, !FileManager.default.fileExists(atPath: path) else { return }
        let revision = await GitCommand.run(["rev-parse", "--verify", "--quiet", "\(path)^{commit}"], in: options.package ?? ".")
        guard revision.succeeded else { return }
        throw .badOption(
            "\(path) is not a plan file but a git revision: --changed takes its base as --changed=\(path) (or --changed --base \(path))")
    }

    /// `--timings FILE`: an earlier run's durations (its `run.json`, or any tool's JUnit), by
    /// `TestID.timingKey`, for scheduling and shards where the history has none; empty without
    /// the option. A file that cannot be read is a usage error (exit 2), named with its reason.
    func readTimings() throws(OrchestratorError) -> [String: Double] {
        guard let path = options.timingsPath else { return [:] }
        do {
            return try TimingsFile.read(path: path)
        } catch {
            throw .badOption(error.localizedDescription)
        }
    }

    /// The plan (every check `plan validate` makes, its paths resolved) with the options that
    /// override it, the run's settings resolved from both, its tracking plan and the warnings its
    /// checks found; or the default plan of `--package`.
    func resolvePlan() throws(OrchestratorError) -> (
        plan: Plan, own: Plan, settings: RunSettings, catalog: EventCatalog?, warnings: [LocatedProblem]
    ) {
        var plan: Plan
        var catalog: EventCatalog?
        var warnings: [LocatedProblem] = []
        if let path = options.planPath {
            do {
                (plan, catalog, warnings) = try { () throws(PlanError) in
                    let checked = try PlanLoader().loadChecked(path: path)
                    return (checked.plan, checked.catalog, checked.warnings)
                }()
            } catch {
                throw .badPlan(error)
            }
        } else {
            plan = Plan.defaultPlan(package: options.package ?? Plan.defaultPackage)
        }
        // `--package` beats the plan's `package:`, as every other option beats its key.
        if let package = options.package {
            plan.package = package
        }
        // What the plan selects by itself, which a run of fewer tests is a subset of (`CoverageSubset`).
        let own = plan
        plan.filter += options.filter
        plan.skip += options.skip
        plan.tags += options.tags
        plan.skipTags += options.skipTags
        // A plan with `xcode:` runs a project, which need not be a package; any other needs
        // `Package.swift` before anything is built, or the build's own error would come later.
        let manifest = URL(fileURLWithPath: plan.package).appendingPathComponent("Package.swift").path
        guard plan.xcode != nil || FileManager.default.fileExists(atPath: manifest) else {
            throw .noPackage(path: plan.package, fromPlan: options.planPath != nil && options.package == nil)
        }
        let settings = RunSettings.resolve(options, plan: plan)
        try checkXcodeRun(for: plan, settings: settings)
        return (plan, own, settings, catalog, warnings)
    }

    /// The plan's expectations and tracking plan, compiled once; nil when it has neither.
    func loadVerifier(_ plan: Plan, catalog: EventCatalog?) throws(OrchestratorError) -> Verifier? {
        guard !plan.expectations.isEmpty || catalog != nil else { return nil }
        do {
            return try Verifier(expectations: plan.expectations, catalog: catalog)
        } catch {
            throw .badOption(error.localizedDescription)
        }
    }

    /// The plan's selection (its patterns and tags with the command line's, and each suite's as
    /// a group), checked before anything is built: selecting from no tests compiles every
    /// pattern, so a bad regular expression is a usage error at once, not after the build.
    func validatedSelection(for plan: Plan) throws(OrchestratorError) -> TestSelection {
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
