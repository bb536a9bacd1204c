import Foundation
import TelltaleModel
import Yams

/// Reads plan files: parse, import the `.xctestplan`, validate, and report
/// every problem at once.
package struct PlanLoader: Sendable {
    package init() {}

    /// A plan with its paths resolved (`Plan.resolvingPaths()`) and its tracking plan, loaded.
    package struct Checked: Sendable {
        package var plan: Plan
        /// The tracking plan `capture.catalog` names, loaded; nil when it names none.
        package var catalog: EventCatalog?
        /// What is worth saying but stops nothing (a forbidden event a typo away from a planned one).
        package var warnings: [LocatedProblem] = []
    }

    /// The one set of plan checks, which `plan validate` reports and `run` refuses to start on:
    /// the plan, its package, its tracking plan, and its expectations against the tracking plan
    /// (an expected event the tracking plan does not have), every problem at once.
    package func loadChecked(path: String) throws(PlanError) -> Checked {
        var problems: [LocatedProblem] = []
        var plan: Plan?
        do {
            // A plan with problems still gives what could be read of it, so its tracking plan and
            // expectations are checked too, and `plan validate` lists everything in one pass.
            plan = try load(path: path)
        } catch {
            problems = error.problems
            plan = error.partialPlan
        }
        guard let plan = plan?.resolvingPaths() else { throw PlanError(problems: problems) }
        var catalog: EventCatalog?
        if let catalogPath = plan.capture.catalog {
            let loader = CatalogLoader()
            do throws(PlanError) {
                let loaded = try loader.load(path: catalogPath, reference: plan.capture.catalogLocation)
                // Only against a tracking plan that loaded: against a broken one, every expected
                // event would look unplanned.
                problems += loader.problems(in: plan.expectations, against: loaded)
                catalog = loaded
            } catch {
                problems += error.problems
            }
        }
        // Warnings alone (a forbidden event a typo away from a planned one) let the run go on.
        guard !problems.contains(where: { $0.severity == .error }) else { throw PlanError(problems: problems) }
        return Checked(plan: plan, catalog: catalog, warnings: problems)
    }

    /// Loads the plan at `path` and checks that `package` is a Swift package. Its paths stay as
    /// written; `loadChecked` resolves them.
    package func load(path: String) throws(PlanError) -> Plan {
        let yaml: String
        do {
            yaml = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            // Two failures a user fixes differently: a wrong path, or a file that is not UTF-8 text.
            let reason =
                FileManager.default.fileExists(atPath: path)
                ? "cannot read the plan file (is it UTF-8 text?)"
                : "there is no plan file at this path"
            throw PlanError(problems: [
                LocatedProblem(
                    file: path, line: 1, column: 1, keyPath: "", message: reason,
                    hint: "the plan's path is relative to the working directory, \(FileManager.default.currentDirectoryPath)"
                )
            ])
        }
        let result = decode(yaml: yaml, file: path)
        var problems = result.problems
        // Without a plan (a syntax error, an empty file) the default package says nothing about the file.
        if result.foundPlan,
            let problem = packageProblem(
                Plan.resolve(result.plan.package, inPlan: path), written: result.plan.package,
                at: result.positions["package"] ?? .start, file: path, xcode: result.plan.xcode != nil)
        {
            problems.append(problem)
        }
        guard problems.isEmpty else { throw PlanError(problems: problems, partialPlan: result.foundPlan ? result.plan : nil) }
        return result.plan
    }

    /// Parses plan text; `file` names it in problems and gives the default name.
    /// Touches the filesystem only to import the `.xctestplan`.
    package func parse(yaml: String, file: String) throws(PlanError) -> Plan {
        let result = decode(yaml: yaml, file: file)
        guard result.problems.isEmpty else { throw PlanError(problems: result.problems) }
        return result.plan
    }

    /// What decoding gives `load`: the plan, its problems, where `package` and `xctestplan` are
    /// written, and whether the file held a plan at all.
    private typealias Decoded = (
        plan: Plan, problems: [LocatedProblem], positions: [String: TextPosition], foundPlan: Bool
    )

    /// Composes the YAML, decodes it, and imports the `.xctestplan` it names. A syntax error stops
    /// at composing: Yams gives no tree to decode, so that one problem is all there is to report.
    private func decode(yaml: String, file: String) -> Decoded {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            let plan = Plan(name: Plan.nameFromFile(file), sourcePath: file)
            return (plan, [YAMLSyntaxProblem.problem(for: error, file: file)], [:], false)
        }
        var decoder = PlanDecoder(file: file)
        var plan = decoder.decode(root)
        var problems = decoder.problems
        // After decoding, so the plan's own `environment` and `retries` are known and
        // win over the test plan's.
        if let xctestplan = plan.xctestplan {
            do {
                try XCTestPlanImporter.importPlan(
                    at: Plan.resolve(xctestplan, inPlan: file), into: &plan, planSetsRetries: decoder.retriesGiven)
            } catch {
                // At the plan's `xctestplan:`, not in the .xctestplan file: the plan is what names it.
                let position = decoder.positions["xctestplan"] ?? .start
                problems.append(
                    LocatedProblem(
                        file: file, line: position.line, column: position.column,
                        keyPath: "xctestplan", message: error.message, hint: error.hint
                    ))
            }
        }
        return (plan, problems, decoder.positions, decoder.foundPlan)
    }

    private let manifest = "Package.swift"

    /// `package` must be a Swift package; under `xcode:`, the folder of the Xcode project.
    private func packageProblem(_ package: String, written: String, at position: TextPosition, file: String, xcode: Bool) -> LocatedProblem? {
        var isDirectory: ObjCBool = false
        // The path as written, and as found from the working directory when that differs:
        // `'..' (.)` for `package: ..` in `Plans/app.yml`.
        let shown = package == written ? "'\(written)'" : "'\(written)' (\(package))"
        let message: String
        if !FileManager.default.fileExists(atPath: package, isDirectory: &isDirectory) || !isDirectory.boolValue {
            message = "\(shown) is not a directory"
        } else if !xcode, !FileManager.default.fileExists(atPath: (package as NSString).appendingPathComponent(manifest)) {
            message = "\(shown) has no \(manifest)"
        } else {
            return nil
        }
        return LocatedProblem(
            file: file, line: position.line, column: position.column, keyPath: "package", message: message,
            hint: "`package` is the Swift package to test, relative to the plan's folder, " + Plan.folder(of: file)
        )
    }
}
