import TelltaleModel

/// Which stored events a query or a wait looks at; nil fields match anything.
public struct EventFilter: Sendable, Hashable, Codable {
    public var session: String?
    public var test: TestID?
    public var name: String?
    public var source: Event.Source?
    /// Parameter equality: every key must be present with exactly this value.
    public var params: [String: JSONValue]

    public init(session: String? = nil, test: TestID? = nil, name: String? = nil, source: Event.Source? = nil, params: [String: JSONValue] = [:]) {
        self.session = session
        self.test = test
        self.name = name
        self.source = source
        self.params = params
    }

    /// Session, test and source: the scope in which near misses are looked for.
    func inScope(_ event: Event) -> Bool {
        (session == nil || event.session == session) && (test == nil || event.test == test) && (source == nil || event.source == source)
    }

    public func matches(_ event: Event) -> Bool {
        guard inScope(event), name == nil || event.name == name else { return false }
        for (key, expected) in params where event.params[key] != expected { return false }
        return true
    }

    enum CodingKeys: String, CodingKey { case session, test, name, source, params }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        session = try container.decodeIfPresent(String.self, forKey: .session)
        test = try container.decodeIfPresent(TestID.self, forKey: .test)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        source = try container.decodeIfPresent(Event.Source.self, forKey: .source)
        params = try container.decodeIfPresent([String: JSONValue].self, forKey: .params) ?? [:]
    }
}
