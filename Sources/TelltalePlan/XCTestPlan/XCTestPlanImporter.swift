import Foundation
import TelltaleJSONSchema

/// Brings an Xcode `.xctestplan`'s selection, environment, arguments and
/// retries into a plan, so a team can keep one source of truth for both.
package struct XCTestPlanImporter {
    /// Imports the `.xctestplan` at `path` (relative to the working directory).
    /// The plan's `retries` counts as set unless it is 0; problems point at the `.xctestplan` file.
    package static func importPlan(at path: String, into plan: inout Plan) throws(PlanError) {
        do {
            try importPlan(at: path, into: &plan, planSetsRetries: plan.retries != 0)
        } catch {
            let problem = LocatedProblem(
                file: path, line: 1, column: 1, keyPath: "", message: error.message, hint: error.hint
            )
            throw PlanError(problems: [problem])
        }
    }

    /// Reads the `.xctestplan` at `path` and merges it into `plan`; `planSetsRetries` keeps the
    /// plan's own `retries`. Problems are thrown for the caller to place.
    static func importPlan(at path: String, into plan: inout Plan, planSetsRetries: Bool) throws(XCTestPlanError) {
        let testPlan = try read(path)
        guard testPlan.testTargets.contains(where: { $0.enabled != false }) else {
            // Importing nothing would leave the plan running every test: the opposite of the intent.
            throw XCTestPlanError(
                message: "'\(path)' has no enabled test target, so it selects no tests",
                hint: "enable a test target in Xcode's test plan editor, or remove `xctestplan`"
            )
        }
        merge(testPlan, into: &plan, planSetsRetries: planSetsRetries)
    }

    /// Why an import failed, for the caller to place in the right file.
    struct XCTestPlanError: Error, LocalizedError {
        var message: String
        var hint: String?
        var errorDescription: String? { hint.map { "\(message); \($0)" } ?? message }
    }

    /// The file decoded; a missing, unreadable or malformed file each has its own message.
    static func read(_ path: String) throws(XCTestPlanError) -> XCTestPlanFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            let directory = FileManager.default.currentDirectoryPath
            throw XCTestPlanError(
                message: "cannot find the .xctestplan '\(path)'",
                hint: "the path is relative to the working directory, \(directory)"
            )
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw XCTestPlanError(message: "cannot read the .xctestplan '\(path)': \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(XCTestPlanFile.self, from: data)
        } catch {
            throw XCTestPlanError(
                message: "'\(path)' is not a valid .xctestplan: \(describe(error, in: data))",
                hint: "Xcode writes .xctestplan files; re-save it from Xcode's test plan editor"
            )
        }
    }

    /// Adds the test plan's enabled environment, arguments, retries, selection and skips. A filter
    /// or skip already there is not added again, so loading a plan printed after an import (which
    /// holds them already) changes nothing.
    static func merge(_ testPlan: XCTestPlanFile, into plan: inout Plan, planSetsRetries: Bool) {
        let options = testPlan.defaultOptions
        for entry in options?.environmentVariableEntries ?? [] where entry.enabled != false {
            // The plan's own values win: it is the more specific of the two.
            if plan.environment[entry.key] == nil { plan.environment[entry.key] = entry.value }
        }
        let arguments = (options?.commandLineArgumentEntries ?? []).filter { $0.enabled != false }.map(\.argument)
        // Already there when a printed plan is loaded again; importing twice must not double them.
        if !plan.arguments.ends(with: arguments) { plan.arguments += arguments }
        if !planSetsRetries, options?.testRepetitionMode == "retryOnFailure" {
            // Xcode's default is 3 runs: the first try and two retries.
            plan.retries = max(0, (options?.maximumTestRepetitions ?? 3) - 1)
        }
        // A disabled target selects nothing; a file with no enabled target at all
        // `importPlan` has refused already.
        for testTarget in testPlan.testTargets where testTarget.enabled != false {
            let module = XCTestPlanPattern.moduleName(ofTarget: testTarget.target.name)
            // A target with `selectedTests` runs only those; one without, every test of its module.
            let selected = testTarget.selectedTests ?? []
            let filters =
                selected.isEmpty
                ? [XCTestPlanPattern.target(module)]
                : selected.map { XCTestPlanPattern.test($0, module: module) }
            plan.filter.appendNew(filters)
            plan.skip.appendNew((testTarget.skippedTests ?? []).map { XCTestPlanPattern.test($0, module: module) })
        }
    }
}
