/// The tracking plan: every event the app may send and what its params must be. Every
/// captured event of a run is checked against it.
package struct EventCatalog: Sendable, Hashable {
    package var events: [CatalogEvent]
    /// Events that are never checked nor reported as unplanned (SDK events, `identify`, …).
    package var ignore: [EventNamePattern]
    /// The catalog file (or folder of schemas), for messages.
    package var sourcePath: String?
    /// What the JSON Schemas' `$ref`s point at, by the URI a `JSONSchema.reference` holds.
    package var definitions: [String: JSONSchema]
    /// Every Iglu schema of the plan, each version: a Snowplow event is checked against the
    /// version its data names (`events` holds each name's newest).
    package var iglu: [IgluSchemaKey: IgluSchema]

    package init(
        events: [CatalogEvent], ignore: [EventNamePattern] = [], sourcePath: String? = nil, definitions: [String: JSONSchema] = [:],
        iglu: [IgluSchemaKey: IgluSchema] = [:]
    ) {
        self.events = events
        self.ignore = ignore
        self.sourcePath = sourcePath
        self.definitions = definitions
        self.iglu = iglu
    }
}

/// One version of an Iglu schema: what events are checked against, and the document as
/// written (which Snowplow Micro's `/micro/iglu/…` route serves).
package struct IgluSchema: Sendable, Hashable {
    package var key: IgluSchemaKey
    package var schema: JSONSchema
    package var document: JSONValue

    package init(key: IgluSchemaKey, schema: JSONSchema, document: JSONValue) {
        self.key = key
        self.schema = schema
        self.document = document
    }
}

/// One planned event.
package struct CatalogEvent: Sendable, Hashable {
    package var name: String
    package var description: String?
    /// What the event's params must be, as JSON Schema whichever form the plan used (the YAML
    /// `params:` form, `schema:`, a folder of JSON Schemas, Iglu): the one model the checker
    /// compiles and a code generator walks (with the catalog's `definitions` for `$ref`s).
    package var paramsSchema: JSONSchema
    /// For an Iglu schema: its key (the newest version of this name).
    package var iglu: IgluSchemaKey?
    /// Where the catalog declares it.
    package var location: SourceLocation?

    /// Without `paramsSchema`, the params are any object.
    package init(
        name: String, description: String? = nil, paramsSchema: JSONSchema? = nil, iglu: IgluSchemaKey? = nil,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        if let paramsSchema {
            self.paramsSchema = paramsSchema
        } else {
            self.paramsSchema = JSONSchema(location: Self.paramsLocation(of: name, in: location?.file))
            self.paramsSchema.types = [.object]
        }
        self.iglu = iglu
        self.location = location
    }

    /// Where a YAML catalog writes an event's `params:`: `FILE#/events/NAME/params`.
    package static func paramsLocation(of name: String, in file: String?) -> JSONSchemaLocation {
        JSONSchemaLocation(document: file ?? "", pointer: [.key("events"), .key(name), .key("params")])
    }
}

/// An event name, exactly, or a regular expression over names (written `/…/`).
package enum EventNamePattern: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case pattern(String)

    package var description: String {
        switch self {
        case .name(let name): name
        case .pattern(let pattern): "/\(pattern)/"
        }
    }
}
