/// Any JSON value, for event parameters and raw payloads whose shape Telltale
/// does not know in advance.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// Every JSON number, with or without a fraction: integers are exact up to ±2^53, which is
    /// why `JSONValueEncoder` throws for an integer a `Double` cannot hold exactly.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members by name, in no order: the writer sorts keys bytewise, and the parser keeps the last
    /// of a repeated name.
    case object([String: JSONValue])

    /// The member `key` of an object; nil when it is absent or the value is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a `.string`; nil for any other kind (a number is not turned into text).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number of a `.number`; nil for any other kind (`"9.99"`, a string, is not read).
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}

extension JSONValue: Codable {
    /// Through `JSONValueDecoder` the tree is taken as it is. Other decoders have no way to ask
    /// what a value is, so the types are tried in turn, the most common first (every miss costs
    /// the decoder a thrown error); `Bool` before `Double`, so a decoder that would read `true` as
    /// a number cannot.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONValueDecoderImpl {
            self = decoder.value
            return
        }
        let container = try decoder.singleValueContainer()
        // Null first: each typed decode below throws on null, which would fall through to the array's.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// Through `JSONValueEncoder` the value is taken as it is (`box` looks for a `JSONValue`
    /// first); other encoders get each kind in a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// Literals, so code writes values as JSON reads: `["currency": "USD", "value": 9.99]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal beyond ±2^53 is rounded to the nearest `Double`, without an error.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        // A repeated key keeps its last value, as the parser keeps the last of a repeated name.
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
