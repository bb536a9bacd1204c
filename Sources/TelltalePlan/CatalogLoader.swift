import Foundation
import TelltaleModel
import Yams

/// Reads tracking plans (catalogs): the YAML file, and the JSON Schema files its events name,
/// every problem at once and located like a plan's.
public struct CatalogLoader: Sendable {
    public init() {}

    /// Loads the catalog at `path`. `reference` is where the plan names it (`capture.catalog`),
    /// so a missing file is reported there.
    public func load(path: String, reference: SourceLocation? = nil) throws(PlanError) -> EventCatalog {
        let yaml: String
        do {
            yaml = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw PlanError(problems: [
                PlanProblem(
                    file: reference?.file ?? path, line: reference?.line ?? 1, column: reference?.column ?? 1,
                    keyPath: reference == nil ? "" : "capture.catalog",
                    message: exists ? "cannot read the tracking plan '\(path)' (is it UTF-8 text?)" : "there is no tracking plan at '\(path)'",
                    hint: reference.map { "a plan's paths are relative to its folder, " + Plan.folder(of: $0.file) }
                        ?? "the path is relative to the working directory, \(FileManager.default.currentDirectoryPath)"
                )
            ])
        }
        return try parse(yaml: yaml, file: path)
    }

    /// Parses catalog text; `file` names it in problems, and `schema:` files are read relative
    /// to its folder (the only files touched).
    public func parse(yaml: String, file: String) throws(PlanError) -> EventCatalog {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw PlanError(problems: [YAMLSyntaxProblem.problem(for: error, file: file)])
        }
        var decoder = PlanDecoder(file: file)
        var (catalog, references) = decoder.catalog(root)
        var problems = decoder.problems
        // The tracking plan's own problems come first; its schema files' after them.
        var schemaFileProblems: [PlanProblem] = []
        let folder = (file as NSString).deletingLastPathComponent
        for reference in references {
            let schemaFile = reference.path.hasPrefix("/") ? reference.path : (folder as NSString).appendingPathComponent(reference.path)
            switch schema(at: schemaFile) {
            case .success(let schema):
                catalog.events[reference.event].params = schema
            case .failure(let error) where error.problems.isEmpty:
                let position = TextPosition(reference.node)
                problems.append(
                    PlanProblem(
                        file: file, line: position.line, column: position.column, keyPath: reference.keyPath,
                        message: "cannot read the JSON Schema '\(schemaFile)'",
                        hint: "a schema file's path is relative to the tracking plan's folder"
                    ))
            case .failure(let error):
                schemaFileProblems += error.problems
            }
        }
        problems += schemaFileProblems
        guard problems.isEmpty else { throw PlanError(problems: problems) }
        return catalog
    }

    /// A JSON Schema file (JSON is YAML, so its problems get lines too); no problems: unreadable.
    private func schema(at path: String) -> Result<ValueSchema, PlanError> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return .failure(PlanError(problems: [])) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            return .failure(PlanError(problems: [YAMLSyntaxProblem.problem(for: error, file: path)]))
        }
        var decoder = PlanDecoder(file: path)
        guard let root, !root.isNull else {
            decoder.report("the JSON Schema is empty", at: .start, path: "", hint: "describe the params object: `{\"type\": \"object\"}`")
            return .failure(PlanError(problems: decoder.problems))
        }
        let schema = decoder.eventSchema(root, path: "")
        guard let schema, decoder.problems.isEmpty else { return .failure(PlanError(problems: decoder.problems)) }
        return .success(schema)
    }

    /// Expected events the tracking plan does not list: a misspelt name in a plan would
    /// otherwise only show as a failing test. Each problem is at the expectation.
    public func problems(in expectations: [TestExpectations], against catalog: EventCatalog) -> [PlanProblem] {
        let planned = Set(catalog.events.map(\.name))
        let names = catalog.events.map(\.name)
        var ignored: [Regex<AnyRegexOutput>] = []
        var ignoredNames: Set<String> = []
        for pattern in catalog.ignore {
            switch pattern {
            case .name(let name): ignoredNames.insert(name)
            case .pattern(let pattern): if let regex = try? Regex(pattern) { ignored.append(regex) }
            }
        }
        var problems: [PlanProblem] = []
        for block in expectations {
            let specs = block.events.map(\.event) + (block.order?.events ?? []) + block.forbid
            for spec in specs where !planned.contains(spec.name) && !ignoredNames.contains(spec.name) {
                if ignored.contains(where: { (try? $0.firstMatch(in: spec.name)) != nil }) { continue }
                let location = spec.location ?? block.location
                let suggestion = KeySuggestion.closest(to: spec.name, in: names).map { "did you mean `\($0)`? " } ?? ""
                problems.append(
                    PlanProblem(
                        file: location?.file ?? "", line: location?.line ?? 1, column: location?.column ?? 1,
                        keyPath: "expectations.\(block.selector)", message: "event `\(spec.name)` is not in the tracking plan",
                        hint: "\(suggestion)add it to \(catalog.sourcePath ?? "the tracking plan"), or fix the name"
                    ))
            }
        }
        return problems
    }
}
