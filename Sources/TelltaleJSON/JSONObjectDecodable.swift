/// A type `JSONValueDecoder` reads straight from its JSON object, without `Decoder`'s
/// containers: for values decoded by the hundred thousand (a run's captured events). It must
/// follow the same rules and throw the same errors as its `init(from:)` does.
public protocol JSONObjectDecodable: Decodable {
    /// Reads the type from its object's members: `object.decode` and `decodeIfPresent` extend the
    /// coding path, so an error names `line`, `Index 1`, `x` as one through `Decoder` would.
    init(json object: JSONObjectReader) throws
}

/// The members of one JSON object being decoded, with its coding path for errors.
public struct JSONObjectReader {
    /// The object as parsed: a repeated name has kept its last value.
    public let members: [String: JSONValue]
    /// Where the object is, which each member's decode extends for its errors.
    let path: CodingPathNode?

    /// The member `key` as `type`; `keyNotFound` when it is absent.
    public func decode<T: Decodable>(_ key: some CodingKey, as type: T.Type = T.self) throws -> T {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: CodingPathNode.path(path), debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return try JSONValueDecoderImpl.unbox(value, as: type, path: JSONValueDecoderImpl.child(path, key))
    }

    /// The member `key` as `type`; nil when it is absent or null.
    public func decodeIfPresent<T: Decodable>(_ key: some CodingKey, as type: T.Type = T.self) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try JSONValueDecoderImpl.unbox(value, as: type, path: JSONValueDecoderImpl.child(path, key))
    }
}
