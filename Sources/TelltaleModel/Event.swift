import Foundation

/// An analytics event as the capture server stores it and `events.jsonl` holds it,
/// one JSON object a line. The field names are part of the public contract.
public struct Event: Codable, Sendable, Hashable, Identifiable {
    /// The wire format the event arrived in.
    public enum Source: String, Codable, Sendable, Hashable, CaseIterable {
        case telltale, segment, ga4, mixpanel, amplitude, snowplow
    }

    public var id: String
    public var receivedAt: Date
    /// The capture session (one per worker) the event was sent to.
    public var session: String
    /// The test the event is attributed to, if any.
    public var test: TestID?
    public var source: Source
    public var name: String
    public var params: [String: JSONValue]
    /// The event exactly as received, before normalisation.
    public var raw: JSONValue

    public init(
        id: String, receivedAt: Date, session: String, test: TestID?, source: Source,
        name: String, params: [String: JSONValue], raw: JSONValue
    ) {
        self.id = id
        self.receivedAt = receivedAt
        self.session = session
        self.test = test
        self.source = source
        self.name = name
        self.params = params
        self.raw = raw
    }

    enum CodingKeys: String, CodingKey {
        case id, receivedAt, session, test, source, name, params, raw
    }

    /// `test` is written as `null` when absent, as the contract shows it, not left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(receivedAt, forKey: .receivedAt)
        try container.encode(session, forKey: .session)
        if let test { try container.encode(test, forKey: .test) } else { try container.encodeNil(forKey: .test) }
        try container.encode(source, forKey: .source)
        try container.encode(name, forKey: .name)
        try container.encode(params, forKey: .params)
        try container.encode(raw, forKey: .raw)
    }
}
