import Foundation

/// Schemas and the documents they are written in, with every `$ref` resolved: `$ref`s inside
/// a document (`#/definitions/sku`, `#/$defs/sku`), to other documents by relative path
/// (`common.json#/definitions/sku`), by `$id`, or by Iglu URI. Reading reports every problem
/// (an unsupported keyword, a `$ref` to nothing) with its file, JSON path, line and column.
///
/// Documents are added up front (every file of a folder), or fetched when a `$ref` names one
/// (`loader`: a sibling file of a single schema file).
package struct JSONSchemaLibrary {
    /// Fetches the document with this URI (without fragment), or nil when there is none.
    package typealias DocumentLoader = (String) -> JSONSchemaDocument?

    /// Every document added or fetched, by URI (without fragment).
    package private(set) var documents: [String: JSONSchemaDocument] = [:]
    /// `$ref` targets, read, by the absolute URI a `JSONSchema.reference` holds.
    package private(set) var definitions: [String: JSONSchema] = [:]
    /// Every problem found so far, each once, in the order found.
    package private(set) var problems: [LocatedProblem] = []
    /// For each document, the other documents whose `$ref`s point into it.
    /// The catalog loader reads a file that others point into as definitions, not as an event.
    package private(set) var referrers: [String: Set<String>] = [:]
    /// Resolved `$id`s and where they are.
    private var identifiers: [String: JSONSchemaLocation] = [:]
    /// A schema can be read more than once (where it is written, and again as a `$ref`'s target):
    /// its problems are reported once.
    private var reported: Set<LocatedProblem> = []
    /// `$ref`s read but not followed yet: `followPending()` reads their targets after the schema
    /// that names them.
    private var pending: [PendingReference] = []
    /// Fetches a document a `$ref` names that was not added.
    private let loader: DocumentLoader?

    /// A `$ref` read but not yet followed.
    struct PendingReference {
        var target: String
        /// As the schema writes it, for messages.
        var written: String
        var from: JSONSchemaLocation
    }

    package init(loader: DocumentLoader? = nil) {
        self.loader = loader
    }

    /// Adds a document, indexing its `$id`s so `$ref`s can name them.
    package mutating func add(_ document: JSONSchemaDocument) {
        documents[document.uri] = document
        if let metaSchema = document.value["$schema"]?.stringValue, JSONSchemaDialect(metaSchema: metaSchema) == nil {
            report(
                "unknown `$schema` '\(metaSchema)'", in: document, at: [.key("$schema")],
                hint: "Telltale reads draft-04, draft-06, draft-07, 2019-09 and 2020-12 (and Iglu's self-describing schemas)")
        }
        indexIdentifiers(document.value, path: [], base: document.uri, in: document)
    }

    /// The schema at `path` in the document `uri`, with every schema its `$ref`s reach read
    /// into `definitions`; nil when it is not a schema (a problem says why).
    package mutating func schema(in uri: String, at path: [ParamPath.Component] = []) -> JSONSchema? {
        guard let document = documents[uri] ?? fetch(uri) else { return nil }
        guard let value = ParamPath(path).value(in: document.value) else { return nil }
        let schema = read(value, at: JSONSchemaLocation(document: uri, pointer: path), base: base(of: path, in: document))
        followPending()
        return schema
    }

    /// Reports a problem found outside the library (the catalog's own rules about a schema).
    package mutating func report(
        _ message: String, in document: JSONSchemaDocument, at path: [ParamPath.Component], atKey: Bool = true, hint: String? = nil
    ) {
        let position = document.position(of: path, atKey: atKey)
        let problem = LocatedProblem(
            file: document.file, line: position.line, column: position.column, keyPath: ParamPath(document.pathInFile + path).description,
            message: message, hint: hint)
        if reported.insert(problem).inserted { problems.append(problem) }
    }

    mutating func report(_ message: String, at location: JSONSchemaLocation, atKey: Bool = true, hint: String? = nil) {
        guard let document = documents[location.document] else { return }
        report(message, in: document, at: location.pointer, atKey: atKey, hint: hint)
    }

    // MARK: References

    /// `reference` resolved against `base`: an absolute URI with its fragment.
    static func resolve(_ reference: String, against base: String) -> String? {
        let baseDocument = base.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? base
        // `#/definitions/sku`: a fragment alone stays in the base's document.
        if reference.hasPrefix("#") { return baseDocument + reference }
        // A scheme (a colon before any `/`) makes it absolute already: `iglu:com.acme/…`, `https://…`.
        if let colon = reference.firstIndex(of: ":"), !reference[..<colon].contains("/"), !reference[..<colon].isEmpty {
            return reference
        }
        // An Iglu URI has no path to be relative to: from an Iglu schema, only an `iglu:` URI resolves.
        guard let baseURL = URL(string: baseDocument), baseURL.scheme != "iglu" else { return nil }
        return URL(string: reference, relativeTo: baseURL)?.absoluteURL.absoluteString
    }

    mutating func enqueue(_ target: String, written: String, from location: JSONSchemaLocation) {
        pending.append(PendingReference(target: target, written: written, from: location))
    }

    /// Reads every `$ref` target not read yet, and the targets those name, then checks for
    /// `$ref` loops that would never reach a value.
    private mutating func followPending() {
        var added: [String] = []
        while let next = pending.popLast() {
            guard let (document, path, value) = locate(next.target) else {
                report(
                    "`$ref` '\(next.written)' points at nothing", at: next.from.appending(.key("$ref")),
                    hint:
                        "a `$ref` names a schema in this file (`#/definitions/name`), a sibling file (`common.json#/definitions/name`) or an Iglu schema in the folder"
                )
                continue
            }
            // Noted for every `$ref`, even to a target read already: each referring document counts.
            if document.uri != next.from.document { referrers[document.uri, default: []].insert(next.from.document) }
            guard definitions[next.target] == nil else { continue }
            let location = JSONSchemaLocation(document: document.uri, pointer: path)
            // Placed before reading, so a schema that refers to itself finds it.
            definitions[next.target] = JSONSchema(location: location)
            definitions[next.target] = read(value, at: location, base: base(of: path, in: document))
            added.append(next.target)
        }
        for target in added { checkLoops(from: target) }
    }

    /// The document, path and value an absolute URI with fragment points at.
    private mutating func locate(_ target: String) -> (JSONSchemaDocument, [ParamPath.Component], JSONValue)? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let documentURI = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        var prefix: [ParamPath.Component] = []
        var document = documents[documentURI]
        // A URI no document has may be an `$id` inside one: the fragment then starts from that schema.
        if document == nil, let identified = identifiers[documentURI] {
            document = documents[identified.document]
            prefix = identified.pointer
        }
        if document == nil { document = fetch(documentURI) }
        guard let document, let start = ParamPath(prefix).value(in: document.value),
            let (value, path) = JSONPointer.resolve(fragment: fragment, in: start)
        else { return nil }
        return (document, prefix + path, value)
    }

    private mutating func fetch(_ uri: String) -> JSONSchemaDocument? {
        guard let loader, let document = loader(uri) else { return nil }
        add(document)
        return document
    }

    /// A loop of `$ref`s (through `allOf`, `anyOf` or `oneOf`) that never goes into a member
    /// or element would make checking recurse forever: it is a problem, found here once.
    private mutating func checkLoops(from start: String) {
        // Depth first through the `$ref`s applied at the same value; reaching `start` again is a loop.
        var stack: [String] = [start]
        var seen: Set<String> = []
        while let target = stack.popLast() {
            guard seen.insert(target).inserted, let schema = definitions[target] else { continue }
            for next in Self.referencesWithoutDescending(schema) {
                if next == start {
                    report(
                        "`$ref` '\(start)' comes back to itself without going into a property or an element",
                        at: schema.location.appending(.key("$ref")), hint: "a recursive schema must recurse through `properties` or `items`")
                    return
                }
                stack.append(next)
            }
        }
    }

    /// The `$ref`s a schema applies at the same value: its own and those of its composition.
    static func referencesWithoutDescending(_ schema: JSONSchema) -> [String] {
        var found: [String] = schema.reference.map { [$0] } ?? []
        for member in schema.allOf + schema.anyOf + schema.oneOf { found += referencesWithoutDescending(member) }
        return found
    }

    // MARK: Base URIs

    /// The base URI the schema at `path` is read against: the document's, changed by the root's
    /// `$id` and each `$id` on the way to it, not its own (reading a schema below the root
    /// applies its own; reading the root does not).
    func base(of path: [ParamPath.Component], in document: JSONSchemaDocument) -> String {
        var base = document.uri
        var value = document.value
        if let id = Self.identifier(of: value, in: document), let resolved = Self.resolve(id, against: base) { base = resolved }
        for (offset, component) in path.enumerated() {
            switch (component, value) {
            case (.key(let key), .object(let members)) where members[key] != nil: value = members[key]!
            case (.index(let index), .array(let elements)) where elements.indices.contains(index): value = elements[index]
            default: return base
            }
            // The schema at `path` itself is left out: reading it applies its own `$id`
            // (`read(object:at:base:)`), and a relative one applied twice (`sub/a.json`) would
            // name `sub/sub/a.json`.
            guard offset < path.count - 1 else { break }
            if let id = Self.identifier(of: value, in: document), let resolved = Self.resolve(id, against: base) { base = resolved }
        }
        return base
    }

    /// A schema's `$id` (draft-04: `id`) when it changes the base URI; a fragment-only one names
    /// an anchor, which does not.
    static func identifier(of value: JSONValue, in document: JSONSchemaDocument) -> String? {
        let key = document.dialect == .draft4 ? "id" : "$id"
        guard let id = value[key]?.stringValue, !id.hasPrefix("#"), !id.isEmpty else { return nil }
        return id
    }

    /// Every `$id` in the document, outside values (`enum`, `const`, `default`, `examples`).
    private mutating func indexIdentifiers(_ value: JSONValue, path: [ParamPath.Component], base: String, in document: JSONSchemaDocument) {
        var base = base
        if let id = Self.identifier(of: value, in: document), let resolved = Self.resolve(id, against: base) {
            base = resolved.split(separator: "#", maxSplits: 1).first.map(String.init) ?? resolved
            // The first schema to claim a URI keeps it, and the document's own URI stays the document's.
            if identifiers[base] == nil, base != document.uri { identifiers[base] = JSONSchemaLocation(document: document.uri, pointer: path) }
        }
        switch value {
        case .object(let members):
            for (key, member) in members where !["enum", "const", "default", "examples"].contains(key) {
                indexIdentifiers(member, path: path + [.key(key)], base: base, in: document)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { indexIdentifiers(element, path: path + [.index(index)], base: base, in: document) }
        default: break
        }
    }
}
