import Foundation
import TelltaleModel

/// Tracking plans kept as Iglu schemas, in Iglu's static-registry layout
/// `schemas/VENDOR/NAME/jsonschema/MODEL-REVISION-ADDITION` (files without an extension, each
/// a self-describing schema whose `self` matches its path). The event's name is the schema's
/// `name`; each name's newest version is its planned event, and a Snowplow event is checked
/// against the version its data names. Bodies are draft-04, as Iglu's meta-schema has them.
extension CatalogLoader {
    /// The schemas at `files` in the registry at `root`; a `$ref` to an `iglu:` URI is
    /// read from the same registry.
    func loadIglu(root: String, files: [String], sourcePath: String) throws(PlanError) -> EventCatalog {
        let reading = DocumentReading(defaultDialect: .draft4)
        let rootURL = URL(fileURLWithPath: root)
        // A `$ref` to an `iglu:` URI is read from this registry, at the path its key names.
        var library = JSONSchemaLibrary { uri in
            guard let key = IgluSchemaKey(uri: uri) else { return nil }
            let file = rootURL.appendingPathComponent("\(key.vendor)/\(key.name)/\(key.format)/\(key.version)").path
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            return reading.document(file: file, uri: key.uri, dialect: .draft4)
        }
        var layoutProblems: [LocatedProblem] = []
        var loaded: [(key: IgluSchemaKey, document: JSONSchemaDocument)] = []
        for file in files {
            // The last four parts of the path are the schema's key:
            // `com.acme/checkout_started/jsonschema/1-0-2`.
            let parts = Array(file.dropFirst(root.count).split(separator: "/").map(String.init).suffix(4))
            guard parts.count == 4, let key = IgluSchemaKey(uri: "iglu:" + parts.joined(separator: "/")), key.format == "jsonschema" else {
                layoutProblems.append(
                    LocatedProblem(
                        file: file, line: 1, column: 1, keyPath: "", message: "not an Iglu schema path",
                        hint: "Iglu schemas live at \(root)/VENDOR/NAME/jsonschema/MODEL-REVISION-ADDITION (such as 1-0-0), without an extension"))
                continue
            }
            guard let document = reading.document(file: file, uri: key.uri, dialect: .draft4) else { continue }
            library.add(document)
            if Self.checkSelf(of: document, matches: key, library: &library) { loaded.append((key, document)) }
        }
        // Every version is kept: a Snowplow event is checked against the version it names.
        var iglu: [IgluSchemaKey: IgluSchema] = [:]
        for (key, document) in loaded {
            guard let schema = library.schema(in: document.uri) else { continue }
            Self.checkParamsSchema(schema, in: document, at: [], library: &library)
            iglu[key] = IgluSchema(key: key, schema: schema, document: document.value)
        }
        // Each name's newest version is the planned event; one name from two vendors is ambiguous.
        var newest: [String: IgluSchemaKey] = [:]
        // By vendor, name, then version numbers (`1-0-10` after `1-0-9`): each name ends on its newest.
        for key in iglu.keys.sorted() {
            if let other = newest[key.name], other.vendor != key.vendor {
                library.report(
                    "`\(key.name)` is also an event of \(other.vendor)", in: library.documents[key.uri]!, at: [.key("self")],
                    hint: "Telltale names events by the schema's name; give one of them another name")
                continue
            }
            newest[key.name] = key
        }
        let events = newest.values.sorted().map { key in
            let document = library.documents[key.uri]!
            return CatalogEvent(
                name: key.name, description: document.value["description"]?.stringValue, paramsSchema: iglu[key]?.schema, iglu: key,
                location: SourceLocation(file: document.file, line: 1, column: 1))
        }
        let problems = layoutProblems + reading.problems + library.problems
        guard problems.isEmpty else { throw PlanError(problems: problems) }
        return EventCatalog(events: events, sourcePath: sourcePath, definitions: library.definitions, iglu: iglu)
    }

    /// A self-describing schema's `self` must name the path it is at, as Iglu servers require.
    private static func checkSelf(of document: JSONSchemaDocument, matches key: IgluSchemaKey, library: inout JSONSchemaLibrary) -> Bool {
        guard case .object(let declared)? = document.value["self"] else {
            library.report(
                "an Iglu schema needs `self`", in: document, at: [], atKey: false,
                hint:
                    "add `\"self\": { \"vendor\": \"\(key.vendor)\", \"name\": \"\(key.name)\", \"format\": \"jsonschema\", \"version\": \"\(key.version)\" }`"
            )
            return false
        }
        let expected = ["vendor": key.vendor, "name": key.name, "format": key.format, "version": key.version]
        var matches = true
        // Every field that disagrees is reported, each at its own key.
        for field in ["vendor", "name", "format", "version"] where declared[field]?.stringValue != expected[field] {
            library.report(
                "`self.\(field)` is \(declared[field].map { $0.jsonText() } ?? "missing"), but the file's path says \"\(expected[field]!)\"",
                in: document, at: [.key("self"), .key(field)], hint: "an Iglu schema's `self` names the path it is stored at")
            matches = false
        }
        return matches
    }

    /// Whether a folder is Iglu's layout: some file sits at `VENDOR/NAME/jsonschema/VERSION`.
    static func isIgluLayout(_ files: [String], root: String) -> Bool {
        files.contains { file in
            let parts = file.dropFirst(root.count).split(separator: "/")
            return parts.count == 4 && parts[2] == "jsonschema" && IgluSchemaKey(uri: "iglu:" + parts.joined(separator: "/")) != nil
        }
    }
}
