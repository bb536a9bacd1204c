import TelltaleModel

/// Checks captured events against the tracking plan.
struct CatalogChecker: Sendable {
    /// What the plan says about an event name; worked out once per distinct name.
    enum Disposition {
        case planned(Int)
        case ignored
        /// With what the violation says was expected (a planned name close to this one, if any).
        case unplanned(String)
    }

    private let schemas: [CompiledSchema]
    private let indexByName: [String: Int]
    let plannedNames: [String]
    private let ignoredNames: Set<String>
    private let ignoredPatterns: [CompiledRegex]

    private let regexCount: Int

    init(_ catalog: EventCatalog) throws(VerificationError) {
        var regexes = RegexCache()
        var schemas: [CompiledSchema] = []
        var indexByName: [String: Int] = [:]
        var names: [String] = []
        for event in catalog.events where indexByName[event.name] == nil {
            indexByName[event.name] = schemas.count
            schemas.append(try CompiledSchema(event.params, context: "tracking plan: \(event.name)", regexes: &regexes))
            names.append(event.name)
        }
        self.schemas = schemas
        self.indexByName = indexByName
        plannedNames = names
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
        Scratch(state: CompiledSchema.State(memo: RegexMemo(slots: regexCount)))
    }

    func check(_ event: Event, scratch: inout Scratch, into collector: inout ViolationCollector) {
        let disposition: Disposition
        if let known = scratch.dispositions[event.name] {
            disposition = known
        } else {
            disposition = self.disposition(of: event.name)
            scratch.dispositions[event.name] = disposition
        }
        switch disposition {
        case .ignored: return
        case .unplanned(let expected):
            collector.add(.unplannedEvent, event: event, path: [], expected: expected, actual: nil)
        case .planned(let index):
            scratch.path.removeAll(keepingCapacity: true)
            scratch.state.found.removeAll(keepingCapacity: true)
            schemas[index].validate(object: event.params, path: &scratch.path, state: &scratch.state)
            for finding in scratch.state.found {
                collector.add(finding.kind, event: event, path: finding.path, expected: finding.expected, actual: finding.actual)
            }
        }
    }
}
