import TelltaleModel

/// Checks captured events against the tracking plan.
struct CatalogChecker: Sendable {
    /// What the plan says about an event name; worked out once per distinct name.
    enum Disposition {
        /// Its index in `schemas`.
        case planned(Int)
        /// Named by the plan's `ignore`: never checked, never unplanned.
        case ignored
        /// With what the violation says was expected (a planned name close to this one, if any).
        case unplanned(String)
    }

    /// One params schema per planned name, in the catalog's order.
    private let schemas: [CompiledSchema]
    private let indexByName: [String: Int]
    /// Iglu schemas by URI: a Snowplow event is checked against the version its data names.
    fileprivate let igluSchemas: [String: CompiledSchema]
    /// The planned versions of each Iglu schema name, for the message when an event names another.
    private let igluVersions: [String: [String]]
    /// Every `$ref` target, compiled once into a table the schemas' `$ref`s index.
    private let references: [CompiledSchema]
    /// Planned names in the catalog's order, which coverage lists them in.
    let plannedNames: [String]
    private let ignoredNames: Set<String>
    private let ignoredPatterns: [CompiledRegex]

    /// The distinct patterns compiled: the slots of each pass's `RegexMemo`.
    private let regexCount: Int

    init(_ catalog: EventCatalog) throws(VerificationError) {
        var compiler = SchemaCompiler(definitions: catalog.definitions, subject: "tracking plan")
        var schemas: [CompiledSchema] = []
        var indexByName: [String: Int] = [:]
        var names: [String] = []
        // The first event of a name is its plan; the loaders report a second one as a problem.
        for event in catalog.events where indexByName[event.name] == nil {
            indexByName[event.name] = schemas.count
            schemas.append(try CompiledSchema(event.paramsSchema, compiler: &compiler))
            names.append(event.name)
        }
        var igluSchemas: [String: CompiledSchema] = [:]
        var igluVersions: [String: [String]] = [:]
        // In key order, which is by version numbers within a name: the message for an unplanned
        // version lists a name's versions oldest first.
        for (key, iglu) in catalog.iglu.sorted(by: { $0.key < $1.key }) {
            igluSchemas[key.uri] = try CompiledSchema(iglu.schema, compiler: &compiler)
            igluVersions[key.name, default: []].append(key.uri)
        }
        references = try compiler.referenceTable()
        self.schemas = schemas
        self.indexByName = indexByName
        self.igluSchemas = igluSchemas
        self.igluVersions = igluVersions
        plannedNames = names
        var regexes = compiler.regexes
        var ignoredNames: Set<String> = []
        var ignoredPatterns: [CompiledRegex] = []
        for pattern in catalog.ignore {
            switch pattern {
            case .name(let name): ignoredNames.insert(name)
            case .pattern(let pattern): ignoredPatterns.append(try regexes.regex(pattern, context: "tracking plan: ignore"))
            }
        }
        self.ignoredNames = ignoredNames
        self.ignoredPatterns = ignoredPatterns
        regexCount = regexes.count
    }

    /// Planned, ignored, or unplanned; an unplanned name's message suggests the planned name most
    /// like it when they are at least 60% alike (`purchase_complete` → `purchase_completed`).
    func disposition(of name: String) -> Disposition {
        if let index = indexByName[name] { return .planned(index) }
        if ignoredNames.contains(name) || ignoredPatterns.contains(where: { $0.matches(name) }) { return .ignored }
        let closest = plannedNames.map { ($0, EditDistance.similarity($0, name)) }.max { $0.1 < $1.1 }
        if let (suggestion, likeness) = closest, likeness >= 0.6 {
            return .unplanned("a planned event, such as \(suggestion)")
        }
        return .unplanned("a planned event")
    }

    /// What one pass over many events reuses: the disposition of each name, and buffers.
    struct Scratch {
        var dispositions: [String: Disposition] = [:]
        var path: [ParamPath.Component] = []
        var state: CompiledSchema.State
    }

    func scratch() -> Scratch {
        Scratch(state: CompiledSchema.State(memo: RegexMemo(slots: regexCount), references: references))
    }

    /// Adds the event's violations to `collector`: an unplanned name, or each way its params
    /// break the planned schema.
    func check(_ event: Event, scratch: inout Scratch, into collector: inout ViolationCollector) {
        // A Snowplow self-describing event's `$schema` names the schema its data is checked against.
        var params = event.params
        var iglu: String?
        if event.source == .snowplow, case .string(let uri)? = params.removeValue(forKey: "$schema") { iglu = uri }
        // Only a plan of Iglu schemas checks by version; any other checks the event by its name,
        // and the `$schema` it sent is no param.
        if let iglu, !igluSchemas.isEmpty {
            guard let schema = igluSchemas[iglu] else {
                // An ignored name stays ignored, whatever version it names.
                if case .ignored = disposition(of: event.name, scratch: &scratch) { return }
                let versions = igluVersions[event.name].map { "a planned version: " + $0.joined(separator: ", ") } ?? "a planned event"
                collector.add(.unplannedEvent, event: event, path: [], expected: versions, actual: nil)
                return
            }
            validate(params, against: schema, event: event, scratch: &scratch, into: &collector)
            return
        }
        switch disposition(of: event.name, scratch: &scratch) {
        case .ignored: return
        case .unplanned(let expected):
            collector.add(.unplannedEvent, event: event, path: [], expected: expected, actual: nil)
        case .planned(let index):
            validate(params, against: schemas[index], event: event, scratch: &scratch, into: &collector)
        }
    }

    /// `disposition(of:)`, worked out once per name and pass: the suggestion's edit distances cost.
    private func disposition(of name: String, scratch: inout Scratch) -> Disposition {
        if let known = scratch.dispositions[name] { return known }
        let disposition = self.disposition(of: name)
        scratch.dispositions[name] = disposition
        return disposition
    }

    /// The params against one schema, each finding a violation. The scratch's path and findings
    /// are emptied, not reallocated, for every event.
    private func validate(
        _ params: [String: JSONValue], against schema: CompiledSchema, event: Event, scratch: inout Scratch,
        into collector: inout ViolationCollector
    ) {
        scratch.path.removeAll(keepingCapacity: true)
        scratch.state.found.removeAll(keepingCapacity: true)
        schema.validate(.object(params), path: &scratch.path, state: &scratch.state)
        for finding in scratch.state.found {
            collector.add(finding.kind, event: event, path: finding.path, expected: finding.expected, actual: finding.actual)
        }
    }
}

extension CatalogChecker {
    /// How self-describing data breaks the plan's Iglu schema `uri`; nil when the plan has no
    /// such schema. (Snowplow Micro's view checks an event's contexts so.)
    func findings(ofSelfDescribing data: JSONValue, schema uri: String) -> [CompiledSchema.Finding]? {
        guard let schema = igluSchemas[uri] else { return nil }
        var state = scratch().state
        var path: [ParamPath.Component] = []
        schema.validate(data, path: &path, state: &state)
        return state.found
    }
}
