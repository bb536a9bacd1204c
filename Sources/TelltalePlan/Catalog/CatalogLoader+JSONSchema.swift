import Foundation
import TelltaleModel

/// Tracking plans kept as JSON Schema, one schema per event, as Segment Protocols, RudderStack,
/// Avo and Amplitude Data export them (a folder of files, or one file). Which event a file is
/// for, and where its params are, is in Docs/Verification.md:
/// - the event's name is `properties.event.const` (or a one-value `enum`), else `title`;
/// - its params are `properties.properties` when the schema describes the whole call (the
///   envelope those tools export), else the schema itself;
/// - a file that names no event is shared definitions, for `$ref`s; one nothing refers to is
///   a problem, and so is a titled file that others refer to by `$ref` (unless it names its
///   event with `properties.event`): it is taken as definitions.
extension CatalogLoader {
    /// Every file of `files` read as a JSON Schema: those that name an event are its plan, the
    /// others definitions for `$ref`s.
    func loadJSONSchemas(files: [String], sourcePath: String) throws(PlanError) -> EventCatalog {
        let reading = DocumentReading()
        var library = JSONSchemaLibrary(loader: reading.loader)
        var documents: [JSONSchemaDocument] = []
        for file in files {
            if let document = reading.document(file: file) {
                library.add(document)
                documents.append(document)
            }
        }
        // Every document that names an event, read before deciding: one that others `$ref` may yet
        // turn out to be a definition.
        var candidates: [(event: CatalogEvent, document: JSONSchemaDocument, paramsPath: [ParamPath.Component], byTitle: Bool)] = []
        for document in documents {
            guard let (name, byTitle) = Self.eventName(in: document.value) else { continue }
            let paramsPath = Self.paramsPath(in: document.value)
            guard let params = library.schema(in: document.uri, at: paramsPath) else { continue }
            let position = document.sourceMap.position(of: [])
            let event = CatalogEvent(
                name: name, description: document.value["description"]?.stringValue, paramsSchema: params,
                location: SourceLocation(file: document.file, line: position.line, column: position.column))
            candidates.append((event, document, paramsPath, byTitle))
        }
        // Documents other documents refer to are definitions, not events, unless they name
        // their event explicitly.
        let referenced = Set(library.referrers.keys)
        var events: [CatalogEvent] = []
        var seen: [String: String] = [:]
        for candidate in candidates where !(candidate.byTitle && referenced.contains(candidate.document.uri)) {
            if let first = seen[candidate.event.name] {
                library.report(
                    "a second schema for the event `\(candidate.event.name)`", in: candidate.document, at: [],
                    hint: "\(first) already defines it; an event has one schema")
                continue
            }
            seen[candidate.event.name] = candidate.document.file
            Self.checkParamsSchema(candidate.event.paramsSchema, in: candidate.document, at: candidate.paramsPath, library: &library)
            events.append(candidate.event)
        }
        // A file that names nothing and that nothing refers to is a mistake rather than a
        // definition: such as an event's schema without its `title`.
        let named = Set(candidates.map(\.document.uri))
        for document in documents where !named.contains(document.uri) && !referenced.contains(document.uri) {
            library.report(
                "the schema names no event, and no other schema refers to it", in: document, at: [], atKey: false,
                hint: "give it a `title` (the event's name) or `\"properties\": { \"event\": { \"const\": \"Order Completed\" } }`")
        }
        let problems = reading.problems + library.problems
        guard problems.isEmpty else { throw PlanError(problems: problems) }
        return EventCatalog(events: events, sourcePath: sourcePath, definitions: library.definitions)
    }

    /// The event a file is for: `properties.event`'s one allowed value, else `title`;
    /// `byTitle` says which.
    static func eventName(in root: JSONValue) -> (name: String, byTitle: Bool)? {
        if let event = root["properties"]?["event"] {
            if case .string(let name)? = event["const"] { return (name, false) }
            if case .array(let values)? = event["enum"], values.count == 1, case .string(let name) = values[0] { return (name, false) }
        }
        if case .string(let title)? = root["title"], !title.isEmpty { return (title, true) }
        return nil
    }

    /// Where the params schema is: `properties.properties` in a whole-call envelope, else the root.
    static func paramsPath(in root: JSONValue) -> [ParamPath.Component] {
        guard case .object? = root["properties"]?["properties"] else { return [] }
        return [.key("properties"), .key("properties")]
    }

    /// An event's params are an object: a schema that says otherwise is a problem.
    static func checkParamsSchema(
        _ schema: JSONSchema, in document: JSONSchemaDocument, at path: [ParamPath.Component], library: inout JSONSchemaLibrary
    ) {
        guard !schema.types.isEmpty, !schema.types.contains(.object) else { return }
        library.report(
            "an event's schema describes its params, an object; found type \(schema.types.map(\.rawValue).joined(separator: " or "))",
            in: document, at: path + [.key("type")], hint: "write `\"type\": \"object\"` with `properties`")
    }
}

/// Reads schema files, keeping what is wrong with them; also fetches sibling files that a
/// `$ref` names. A class: the library's loader closure adds to its problems.
final class DocumentReading {
    private(set) var problems: [LocatedProblem] = []
    /// The draft of a schema without `$schema`: 2020-12, or draft-04 for Iglu.
    private let defaultDialect: JSONSchemaDialect

    init(defaultDialect: JSONSchemaDialect = .default) {
        self.defaultDialect = defaultDialect
    }

    /// Fetches `file:` URIs of files that exist.
    var loader: JSONSchemaLibrary.DocumentLoader {
        { [self] uri in
            guard let url = URL(string: uri), url.isFileURL, FileManager.default.fileExists(atPath: url.path) else { return nil }
            return document(file: url.path)
        }
    }

    /// The file read as a schema document, its URI its `file:` URL unless `uri` is given (an
    /// `iglu:` URI); nil when it cannot be read or parsed, with the problem kept.
    func document(file: String, uri: String? = nil, dialect: JSONSchemaDialect? = nil) -> JSONSchemaDocument? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            problems.append(LocatedProblem(file: file, line: 1, column: 1, keyPath: "", message: "cannot read the JSON Schema (is it UTF-8 text?)"))
            return nil
        }
        let uri = uri ?? URL(fileURLWithPath: file).standardizedFileURL.absoluteString
        do {
            return try JSONSchemaDocument(json: text, uri: uri, file: file, defaultDialect: dialect ?? defaultDialect)
        } catch {
            let (line, column) = Self.lineAndColumn(ofByte: error.offset, in: text)
            problems.append(
                LocatedProblem(
                    file: file, line: line, column: column, keyPath: "",
                    message: error.isEmptyInput ? "the JSON Schema is empty" : "invalid JSON: \(error.reason)",
                    hint: "a schema file holds one JSON object"))
            return nil
        }
    }

    /// The line and column of the byte at `offset`, both from 1; the column counts characters, so
    /// UTF-8 continuation bytes are not counted.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
