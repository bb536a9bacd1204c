import TelltaleModel
import Yams

/// The tracking plan (catalog) file, decoded with the plan's machinery so its problems read
/// the same. Shapes and meaning: Docs/Verification.md.
extension PlanDecoder {
    /// The keys of a tracking plan's top level; `events` is required.
    static let catalogKeys = ["version", "description", "additionalProperties", "ignore", "events"]
    /// The keys of one event; `params` and `schema` exclude each other.
    static let catalogEventKeys = ["description", "params", "schema", "additionalProperties"]

    /// An event's `schema:` (a JSON Schema file, or one written inline), for `CatalogLoader`
    /// to read with the JSON Schema reader.
    struct SchemaReference {
        enum Source {
            case file(String, Node)
            case inline(Node)
        }

        /// The event's index in the catalog: the JSON Schema, once read, is its `paramsSchema`.
        var event: Int
        var source: Source
        /// `events.NAME.schema`, where a schema file that cannot be read is reported.
        var keyPath: String
    }

    /// The catalog in `root`, and the events' `schema:`s for `CatalogLoader` to read;
    /// problems go to `problems`.
    mutating func catalog(_ root: Node?) -> (EventCatalog, [SchemaReference]) {
        var catalog = EventCatalog(events: [], sourcePath: file)
        guard let root, !root.isNull else {
            report("the tracking plan is empty", at: .start, path: "", hint: "list the events under `events:`")
            return (catalog, [])
        }
        guard case .mapping(let rootMapping) = root else {
            report(
                "a tracking plan must be a mapping, found \(root.summary)", at: .start, path: "",
                hint: "start it with `events:` and one key per event"
            )
            return (catalog, [])
        }
        let entries = knownEntries(of: rootMapping, path: "", allowed: Self.catalogKeys)
        if let version = entries["version"], let number = count(version, path: "version", minimum: nil), number != 1 {
            report("tracking plan version \(number) is not supported", at: version, path: "version", hint: "write `version: 1`")
        }
        // The default for every event: extra params are violations unless it is `true`.
        let additional = entries["additionalProperties"].flatMap { bool($0, path: "additionalProperties") } ?? false
        if let ignore = entries["ignore"] {
            catalog.ignore = namePatterns(ignore, path: "ignore")
        }
        guard let events = entries["events"] else {
            report("missing required key `events`", at: root, path: "events", hint: "list the events: `events: { app_opened: {} }`")
            return (catalog, [])
        }
        var references: [SchemaReference] = []
        guard let eventMapping = mapping(events, path: "events", example: "`events: { purchase_completed: { params: {...} } }`") else {
            return (catalog, [])
        }
        // In file order, which coverage lists planned events in.
        for (keyNode, value) in eventMapping {
            guard let name = keyNode.plainString, !name.isEmpty else {
                report("expected an event name, found \(keyNode.summary)", at: keyNode, path: "events", hint: "write `event_name: { params: {...} }`")
                continue
            }
            let eventPath = "events".appendingKey(name)
            var event = CatalogEvent(name: name, location: keyNode.location(in: file))
            // An event written `{}`, or with nothing, keeps this: no params at all, unless
            // the default allows others.
            event.paramsSchema.additionalProperties = Self.additionalProperties(additional, of: event.paramsSchema.location)
            if let source = catalogEvent(value, path: eventPath, additional: additional, into: &event) {
                references.append(SchemaReference(event: catalog.events.count, source: source, keyPath: eventPath.appendingKey("schema")))
            }
            catalog.events.append(event)
        }
        return (catalog, references)
    }

    /// Fills `event`; returns its JSON Schema to read, if it has `schema:`.
    private mutating func catalogEvent(
        _ node: Node, path: String, additional: Bool, into event: inout CatalogEvent
    ) -> SchemaReference.Source? {
        if node.isNull || node.mappingIsEmpty { return nil }
        guard case .mapping(let mapping) = node else {
            report(
                "expected the event's definition (a mapping), found \(node.summary)", at: node, path: path,
                hint: "write `\(event.name): { params: { ... } }`, or `\(event.name): {}` for an event without params"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.catalogEventKeys)
        event.description = entries["description"].flatMap { nonEmptyString($0, path: path.appendingKey("description")) }
        let eventAdditional = entries["additionalProperties"].flatMap { bool($0, path: path.appendingKey("additionalProperties")) } ?? additional
        event.paramsSchema.additionalProperties = Self.additionalProperties(eventAdditional, of: event.paramsSchema.location)
        if entries["params"] != nil, let schema = entries["schema"] {
            report(
                "give either `params` or `schema`, not both", at: schema, path: path.appendingKey("schema"),
                hint: "`params` is the catalog's own form; `schema` a JSON Schema of the params object"
            )
            return nil
        }
        if let params = entries["params"] {
            nativeProperties(params, path: path.appendingKey("params"), additional: eventAdditional, into: &event.paramsSchema)
        }
        guard let schemaNode = entries["schema"] else { return nil }
        // Beside `schema:` it would be ignored: the JSON Schema decides on extra params itself.
        if let additionalNode = entries["additionalProperties"] {
            report(
                "`additionalProperties` of a JSON Schema event goes inside its `schema`", at: additionalNode,
                path: path.appendingKey("additionalProperties"), hint: "move it into `schema:`; JSON Schema allows extra properties by default"
            )
        }
        // A scalar is a file, relative to the catalog's folder.
        if let file = schemaNode.plainString { return .file(file, schemaNode) }
        guard case .mapping = schemaNode else {
            report(
                "expected a JSON Schema (a mapping) or the path of a schema file, found \(schemaNode.summary)", at: schemaNode,
                path: path.appendingKey("schema"),
                hint: "write `schema: { type: object, properties: { ... } }` or `schema: schemas/\(event.name).json`")
            return nil
        }
        // Checked here, so the JSON Schema reader is given JSON: no aliases, and string keys.
        var unsupported: Node?
        guard schemaNode.jsonValue(unsupported: &unsupported) != nil else {
            let node = unsupported ?? schemaNode
            report(
                "a JSON Schema has no \(node.summary)", at: node, path: path.appendingKey("schema"),
                hint: "write plain JSON values: no aliases, and keys that are strings")
            return nil
        }
        return .inline(schemaNode)
    }

    /// Names, or `/regex/`s.
    private mutating func namePatterns(_ node: Node, path: String) -> [EventNamePattern] {
        strings(node, path: path).compactMap { item in
            // `/^\$/` is a regex (here, names starting with `$`); `//` is a name.
            if item.value.count > 2, item.value.hasPrefix("/"), item.value.hasSuffix("/") {
                let pattern = String(item.value.dropFirst().dropLast())
                return checkedRegex(pattern, at: item.node, path: item.path) ? .pattern(pattern) : nil
            }
            return .name(item.value)
        }
    }
}
