import Foundation
import TelltaleModel
import Yams

/// Reads tracking plans (catalogs), every problem at once and located like a plan's: the YAML
/// file (with the JSON Schema files its events name), a folder or file of JSON Schemas (one per
/// event, as Segment Protocols, RudderStack or Avo export them), or an Iglu folder.
package struct CatalogLoader: Sendable {
    package init() {}

    /// Loads the catalog at `path`: a folder with `schemas/VENDOR/NAME/jsonschema/VERSION` (or
    /// that layout itself) is Iglu; another folder, or a `.json` file, JSON Schemas; anything
    /// else the YAML catalog. `reference` is where the plan names it (`capture.catalog`), so a
    /// missing path is reported there.
    package func load(path: String, reference: SourceLocation? = nil) throws(PlanError) -> EventCatalog {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        // A folder is a plan of schema files; a file is told apart by its content more than its name.
        if exists, isDirectory.boolValue { return try loadFolder(path, reference: reference) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            // At the plan's `capture.catalog:` when a plan names it; at the path itself otherwise
            // (`telltale capture --catalog`).
            throw PlanError(problems: [
                LocatedProblem(
                    file: reference?.file ?? path, line: reference?.line ?? 1, column: reference?.column ?? 1,
                    keyPath: reference == nil ? "" : "capture.catalog",
                    message: exists ? "cannot read the tracking plan '\(path)' (is it UTF-8 text?)" : "there is no tracking plan at '\(path)'",
                    hint: reference.map { "a plan's paths are relative to its folder, " + Plan.folder(of: $0.file) }
                        ?? "the path is relative to the working directory, \(FileManager.default.currentDirectoryPath)"
                )
            ])
        }
        if Self.isJSONSchema(text, path: path) {
            let value = try? JSONValue(parsing: text)
            if value?["self"] != nil {
                // One Iglu schema: the registry it sits in, if it sits in one, resolves its `$ref`s.
                let root = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().path
                return try loadIglu(root: root, files: [path], sourcePath: path)
            }
            return try loadJSONSchemas(files: [path], sourcePath: path)
        }
        return try parse(yaml: text, file: path)
    }

    /// A `.json` file, or an Iglu schema file (no extension, JSON text); a catalog written in
    /// JSON (`events` and no schema keys) is read as YAML, which JSON is.
    static func isJSONSchema(_ text: String, path: String) -> Bool {
        guard text.drop(while: \.isWhitespace).first == "{", let value = try? JSONValue(parsing: text) else {
            // Invalid JSON in a `.json` file is reported as such.
            return path.hasSuffix(".json")
        }
        // `events` and no schema keyword: the catalog's own form, written as JSON.
        let isCatalog = value["events"] != nil && ["$schema", "self", "properties", "title", "type"].allSatisfy { value[$0] == nil }
        return !isCatalog
    }

    /// A folder: an Iglu registry (holding `schemas/`, or laid out as one at its top), else every
    /// `.json` file under it, one schema per event.
    private func loadFolder(_ path: String, reference: SourceLocation?) throws(PlanError) -> EventCatalog {
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let registry = folder + "/schemas"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: registry, isDirectory: &isDirectory), isDirectory.boolValue {
            return try loadIglu(root: registry, files: Self.files(in: registry), sourcePath: path)
        }
        // No `schemas/` in it: the folder may be a registry's `schemas/` itself, laid out as
        // VENDOR/NAME/jsonschema/VERSION.
        let files = Self.files(in: folder)
        if Self.isIgluLayout(files, root: folder) {
            return try loadIglu(root: folder, files: files, sourcePath: path)
        }
        let schemas = files.filter { $0.hasSuffix(".json") }
        guard !schemas.isEmpty else {
            throw PlanError(problems: [
                LocatedProblem(
                    file: reference?.file ?? path, line: reference?.line ?? 1, column: reference?.column ?? 1,
                    keyPath: reference == nil ? "" : "capture.catalog", message: "the folder '\(path)' holds no JSON Schema (.json) files",
                    hint: "a folder tracking plan holds one JSON Schema per event, or Iglu's schemas/VENDOR/NAME/jsonschema/VERSION")
            ])
        }
        return try loadJSONSchemas(files: schemas, sourcePath: path)
    }

    /// Every file under `folder`, hidden ones and READMEs aside, sorted: the plan's order.
    static func files(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name.uppercased().hasPrefix("README") { continue }
            let file = folder + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(file) }
        }
        return files.sorted()
    }

    /// Parses catalog text; `file` names it in problems, and `schema:` files are read relative
    /// to its folder (the only files touched).
    package func parse(yaml: String, file: String) throws(PlanError) -> EventCatalog {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw PlanError(problems: [YAMLSyntaxProblem.problem(for: error, file: file)])
        }
        var decoder = PlanDecoder(file: file)
        var (catalog, references) = decoder.catalog(root)
        // The tracking plan's own problems come first; its schema files' after them.
        let problems = decoder.problems + readSchemas(references, into: &catalog, file: file, root: root)
        guard problems.isEmpty else { throw PlanError(problems: problems) }
        return catalog
    }

    /// Reads the JSON Schemas the YAML catalog's events give (`schema:`, a file or inline) into
    /// `catalog`; returns their problems.
    private func readSchemas(
        _ references: [PlanDecoder.SchemaReference], into catalog: inout EventCatalog, file: String, root: Node?
    ) -> [LocatedProblem] {
        var problems: [LocatedProblem] = []
        // One library for every event's schema: a definitions file several of them `$ref` is read once.
        let reading = DocumentReading()
        var library = JSONSchemaLibrary(loader: reading.loader)
        let catalogURL = URL(fileURLWithPath: file).standardizedFileURL
        // Positions in the catalog file, so a problem of an inline schema points at its YAML line.
        let sourceMap = root?.sourceMap() ?? JSONSourceMap()
        for reference in references {
            let uri: String
            switch reference.source {
            case .file(let path, let node):
                // Relative to the catalog's folder, as a plan's paths are to the plan's.
                let schemaFile = path.hasPrefix("/") ? path : (catalogURL.deletingLastPathComponent().path as NSString).appendingPathComponent(path)
                guard FileManager.default.isReadableFile(atPath: schemaFile) else {
                    let position = TextPosition(node)
                    problems.append(
                        LocatedProblem(
                            file: file, line: position.line, column: position.column, keyPath: reference.keyPath,
                            message: "cannot read the JSON Schema '\(schemaFile)'",
                            hint: "a schema file's path is relative to the tracking plan's folder"))
                    continue
                }
                // A file that does not parse was reported by `reading`.
                guard let document = reading.document(file: schemaFile) else { continue }
                library.add(document)
                uri = document.uri
            case .inline(let node):
                var unsupported: Node?
                guard let value = node.jsonValue(unsupported: &unsupported) else { continue }
                let name = catalog.events[reference.event].name
                // The catalog's own URI, made one per event: `$ref`s resolve against its folder.
                uri = catalogURL.absoluteString + "?event=" + (name.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? name)
                // An inline schema may name its draft with `$schema`; without one, 2020-12.
                let dialect = value["$schema"]?.stringValue.flatMap(JSONSchemaDialect.init(metaSchema:)) ?? .default
                library.add(
                    JSONSchemaDocument(
                        uri: uri, file: file, value: value, sourceMap: sourceMap, dialect: dialect,
                        pathInFile: [.key("events"), .key(name), .key("schema")]))
            }
            guard let schema = library.schema(in: uri) else { continue }
            // The schema replaces the event's params schema, and its own
            // `additionalProperties` decides on extras.
            Self.checkParamsSchema(schema, in: library.documents[uri]!, at: [], library: &library)
            catalog.events[reference.event].paramsSchema = schema
        }
        // The `$ref` targets, which `CatalogChecker` compiles into its reference table.
        catalog.definitions = library.definitions
        return problems + reading.problems + library.problems
    }

    /// Expected events the tracking plan does not list: a misspelt name in a plan would
    /// otherwise only show as a failing test. Each problem is at the expectation. A forbidden
    /// event need not be planned (forbidding what the plan does not know, `app_crash`, is the
    /// point of `forbid`): one is only a warning, when a planned name is a typo away from it.
    package func problems(in expectations: [TestExpectations], against catalog: EventCatalog) -> [LocatedProblem] {
        let planned = Set(catalog.events.map(\.name))
        let names = catalog.events.map(\.name)
        var ignored: [Regex<AnyRegexOutput>] = []
        var ignoredNames: Set<String> = []
        // Names the tracking plan ignores are not unplanned: an expectation may name them.
        for pattern in catalog.ignore {
            switch pattern {
            case .name(let name): ignoredNames.insert(name)
            case .pattern(let pattern): if let regex = try? Regex(pattern) { ignored.append(regex) }
            }
        }
        var problems: [LocatedProblem] = []
        for block in expectations {
            let expected = block.events.map(\.event) + (block.order?.events ?? [])
            // `events` and `order` entries must be planned; `forbid` entries need not be.
            let specs = expected.map { ($0, false) } + block.forbid.map { ($0, true) }
            for (spec, forbidden) in specs where !planned.contains(spec.name) && !ignoredNames.contains(spec.name) {
                if ignored.contains(where: { (try? $0.firstMatch(in: spec.name)) != nil }) { continue }
                // At the event's own line when known, else at the block's key.
                let location = spec.location ?? block.location
                let (file, line, column) = (location?.file ?? "", location?.line ?? 1, location?.column ?? 1)
                if forbidden {
                    // One or two letters from a planned name: likely a typo, worth
                    // a warning, never an error.
                    guard let typo = names.first(where: { EditDistance.between(spec.name, $0) <= 2 }) else { continue }
                    problems.append(
                        LocatedProblem(
                            file: file, line: line, column: column, keyPath: "expectations.\(block.selector).forbid",
                            message: "event `\(spec.name)` is not in the tracking plan, but `\(typo)` is",
                            hint: "forbidding an event the tracking plan does not list is allowed; if you meant `\(typo)`, fix the name",
                            severity: .warning))
                    continue
                }
                let suggestion = KeySuggestion.closest(to: spec.name, in: names).map { "did you mean `\($0)`? " } ?? ""
                problems.append(
                    LocatedProblem(
                        file: file, line: line, column: column, keyPath: "expectations.\(block.selector)",
                        message: "event `\(spec.name)` is not in the tracking plan",
                        hint: "\(suggestion)add it to \(catalog.sourcePath ?? "the tracking plan"), or fix the name"))
            }
        }
        return problems
    }
}
