import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleRunner
import TelltaleVerify

/// The checks `prepare()` makes before anything starts: the plan and what overrides it, the
/// catalog, the selection's patterns, `--timings`, and `--changed`.
extension RunOrchestrator {
    /// `--changed`: the test targets the change can affect, printed (with `--explain`, why);
    /// nil without `--changed`. Not a git repository, or an unknown base, is exit 2.
    func changeSelection(for plan: Plan) async throws(OrchestratorError) -> ChangeSelection? {
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

    /// `telltale run --changed HEAD`: the parser takes `HEAD` for the plan. When no such file
    /// exists but git knows the revision, say how to give a base (exit 2, as for a missing plan).
    func refuseRevisionAsPlan() async throws(OrchestratorError) {
        guard options.changed != nil, let path = options.planPath, !FileManager.default.fileExists(atPath: path) else { return }
        let revision = await GitCommand.run(["rev-parse", "--verify", "--quiet", "\(path)^{commit}"], in: options.package ?? ".")
        guard revision.succeeded else { return }
        throw .badOption(
            "\(path) is not a plan file but a git revision: --changed takes its base as --changed=\(path) (or --changed --base \(path))")
    }

    func readTimings() throws(OrchestratorError) -> [String: Double] {
        guard let path = options.timingsPath else { return [:] }
        do {
            return try TimingsFile.read(path: path)
        } catch {
            throw .badOption(error.localizedDescription)
        }
    }

    func resolvePlan() throws(OrchestratorError) -> Plan {
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
    func loadVerifier(_ plan: Plan) throws(OrchestratorError) -> Verifier? {
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
