import Foundation

/// An analytics event as the capture server stores it and `events.jsonl` holds it,
/// one JSON object a line. The field names are part of the public contract.
public struct Event: Codable, Sendable, Hashable, Identifiable {
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
    /// For a test that ran more than once (retries), which of its attempts (1 is the first) the
    /// event was sent during; absent when the test ran once or the event has no test. The run's
    /// record decides it, once, for every report.
    public var attempt: Int?

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
        case id, receivedAt, session, test, source, name, params, raw, attempt
    }

    /// `test` is written as `null` when absent, as the contract shows it, not left out;
    /// `attempt` is left out when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(attempt, forKey: .attempt)
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

// MARK: Fast JSON

extension Event: JSONBytesWritable, JSONObjectDecodable {
    /// Appends the event as compact JSON, exactly as `JSONValueEncoder` and `serialized()` write
    /// it (keys sorted, milliseconds, `test` null when absent, `attempt` left out when absent),
    /// without building a tree first: capture writes one for every event it accepts, reports one
    /// for every event of a run.
    public func appendJSON(to output: inout [UInt8]) {
        var writer = JSONByteWriter(output: output, pretty: false)
        output = []
        func key(_ name: StaticString) {
            writer.append(name)
        }
        if let attempt {
            key(#"{"attempt":"#)
            writer.write(.number(Double(attempt)), indent: 0)
            key(#","id":"#)
        } else {
            key(#"{"id":"#)
        }
        writer.writeString(id)
        key(#","name":"#)
        writer.writeString(name)
        key(#","params":"#)
        writer.writeObject(params, indent: 0)
        key(#","raw":"#)
        writer.write(raw, indent: 0)
        key(#","receivedAt":""#)
        ISO8601Timestamp.append(receivedAt, to: &writer.output)
        writer.output.append(UInt8(ascii: "\""))
        key(#","session":"#)
        writer.writeString(session)
        key(#","source":"#)
        writer.writeString(source.rawValue)
        key(#","test":"#)
        if let test { writer.writeString(test.rawValue) } else { writer.append("null") }
        writer.output.append(UInt8(ascii: "}"))
        output = writer.output
    }

    /// Decodes an event from its JSON object without going through `Decoder`; the same rules
    /// and errors as `init(from:)` through `JSONValueDecoder`.
    public init(json object: JSONObjectReader) throws {
        self.init(
            id: try object.decode(CodingKeys.id), receivedAt: try object.decode(CodingKeys.receivedAt),
            session: try object.decode(CodingKeys.session),
            test: try object.decodeIfPresent(CodingKeys.test, as: String.self).map(TestID.init),
            source: try object.decode(CodingKeys.source), name: try object.decode(CodingKeys.name),
            params: try object.decode(CodingKeys.params), raw: try object.decode(CodingKeys.raw)
        )
        attempt = try object.decodeIfPresent(CodingKeys.attempt, as: Int.self)
    }
}
