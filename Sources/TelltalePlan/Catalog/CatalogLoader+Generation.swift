import Foundation
import TelltaleModel
import Yams

extension CatalogLoader {
    /// What a code generator reads (`telltale plan generate-swift PATH`): PATH itself when it is
    /// a tracking plan (a folder, a JSON Schema, a YAML file with top-level `events`), else the
    /// tracking plan the plan at PATH names in `capture.catalog`. Returns the catalog and the
    /// path it was read from, whose changes should regenerate the code.
    package func loadForGeneration(path: String) throws(PlanError) -> (catalog: EventCatalog, path: String) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        // Whatever reads as a tracking plan is generated from directly; only a YAML file without
        // top-level `events` is taken as a plan.
        guard exists, !isDirectory.boolValue, !path.hasSuffix(".json"),
            let text = try? String(contentsOfFile: path, encoding: .utf8),
            !Self.isJSONSchema(text, path: path), !Self.hasTopLevelEvents(text)
        else {
            return (try load(path: path), path)
        }
        // The plan's own problems stop the generation; its tracking plan is
        // found from the plan's folder.
        let plan = try PlanLoader().load(path: path).resolvingPaths()
        guard let catalogPath = plan.capture.catalog else {
            throw PlanError(problems: [
                LocatedProblem(
                    file: path, line: 1, column: 1, keyPath: "capture.catalog",
                    message: "the plan names no tracking plan to generate Swift from",
                    hint: "add `capture: { catalog: events.yml }` to the plan, or pass the tracking plan itself")
            ])
        }
        return (try load(path: catalogPath, reference: plan.capture.catalogLocation), catalogPath)
    }

    /// A catalog's YAML has `events` at its top; a plan never does.
    private static func hasTopLevelEvents(_ text: String) -> Bool {
        guard let root = try? Yams.compose(yaml: text), case .mapping(let mapping) = root else { return false }
        return mapping.keys.contains { $0.string == "events" }
    }
}
