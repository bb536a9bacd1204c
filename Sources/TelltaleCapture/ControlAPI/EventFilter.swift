import TelltaleModel
import TelltaleVerify

/// Which stored events a query or a wait looks at; nil fields match anything.
///
/// The scope (session, test, source) narrows where to look; the name and params say which
/// event is wanted, through `EventMatcher`, the matcher plan verification uses too.
package struct EventFilter: Sendable, Hashable, Decodable {
    package var session: String?
    package var test: TestID?
    package var source: Event.Source?
    /// The wanted event: its name (nil: any) and params (each key present with an equal value).
    package let matcher: EventMatcher

    package var name: String? { matcher.name }

    package init(session: String? = nil, test: TestID? = nil, name: String? = nil, source: Event.Source? = nil, params: [String: JSONValue] = [:]) {
        self.session = session
        self.test = test
        self.source = source
        matcher = EventMatcher(name: name, equalParams: params)
    }

    /// Session, test and source: the scope in which near misses are looked for.
    func inScope(_ event: Event) -> Bool {
        (session == nil || event.session == session) && (test == nil || event.test == test) && (source == nil || event.source == source)
    }

    /// The same scope, any event: where near misses are looked for.
    var scope: EventFilter {
        EventFilter(session: session, test: test, source: source)
    }

    package func matches(_ event: Event) -> Bool {
        inScope(event) && matcher.matches(event)
    }

    enum CodingKeys: String, CodingKey { case session, test, name, source, params }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Any name decodes as a source: one no format registers would make a wait that never ends.
        let source = try container.decodeIfPresent(String.self, forKey: .source)
        if let source, IngestFormat.source(named: source) == nil {
            throw DecodingError.dataCorruptedError(forKey: .source, in: container, debugDescription: "unknown source \(source)")
        }
        self.init(
            session: try container.decodeIfPresent(String.self, forKey: .session),
            test: try container.decodeIfPresent(TestID.self, forKey: .test),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            source: source.map(Event.Source.init(rawValue:)),
            params: try container.decodeIfPresent([String: JSONValue].self, forKey: .params) ?? [:]
        )
    }
}
