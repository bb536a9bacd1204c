/// The tracking plan: every event the app may send and what its params must be. Every
/// captured event of a run is checked against it.
public struct EventCatalog: Sendable, Hashable {
    public var events: [CatalogEvent]
    /// Events that are never checked nor reported as unplanned (SDK events, `identify`, …).
    public var ignore: [EventNamePattern]
    /// The catalog file, for messages.
    public var sourcePath: String?

    public init(events: [CatalogEvent], ignore: [EventNamePattern] = [], sourcePath: String? = nil) {
        self.events = events
        self.ignore = ignore
        self.sourcePath = sourcePath
    }
}

/// One planned event.
public struct CatalogEvent: Sendable, Hashable {
    public var name: String
    public var description: String?
    /// The schema of the params object (`types` is `[.object]`).
    public var params: ValueSchema
    /// Where the catalog declares it.
    public var location: SourceLocation?

    public init(name: String, description: String? = nil, params: ValueSchema, location: SourceLocation? = nil) {
        self.name = name
        self.description = description
        self.params = params
        self.location = location
    }
}

/// An event name, exactly, or a regular expression over names (written `/…/`).
public enum EventNamePattern: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case pattern(String)

    public var description: String {
        switch self {
        case .name(let name): name
        case .pattern(let pattern): "/\(pattern)/"
        }
    }
}
