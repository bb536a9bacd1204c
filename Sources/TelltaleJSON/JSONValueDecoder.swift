import Foundation

/// Decodes `Decodable` values from a `JSONValue` tree, usually one `JSONValue(parsing:)` read:
/// the fast replacement for `JSONDecoder` on Telltale's records and events.
///
/// The conventions of `JSONValueEncoder`: dates are ISO 8601 (with or without a fraction of a
/// second, `Z` or an offset), `Data` is Base64, URLs are strings; a `JSONValue` (or a
/// `[String: JSONValue]`) is taken from the tree as it is, without trial decoding.
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// Decodes `type` from a parsed tree. Errors are `DecodingError`s with their coding path,
    /// worded as `JSONDecoder` words them (`Expected to decode Int but found a string instead.`).
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoderImpl.unbox(value, as: type, path: nil)
    }

    /// Parses and decodes in one step; a parse error is thrown as a `DecodingError.dataCorrupted`
    /// whose underlying error is the `JSONParseError`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        return try decode(type, from: value)
    }
}

/// A coding path as a chain to the root, so nested decoders do not copy arrays of keys;
/// the array is built only for an error.
final class CodingPathNode: Sendable {
    let parent: CodingPathNode?
    let key: any CodingKey & Sendable

    init(parent: CodingPathNode?, key: any CodingKey & Sendable) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: CodingPathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = node
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// A key of a coding path: a member's name, or `Index 1` for an array element, as Foundation's
/// coders write them.
struct JSONKey: CodingKey, Sendable {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// The `Decoder` a value's `init(from:)` is given: the value being decoded and where it is.
/// `JSONValue.init(from:)` takes `value` straight from it.
final class JSONValueDecoderImpl: Decoder {
    let value: JSONValue
    let pathNode: CodingPathNode?

    init(_ value: JSONValue, path: CodingPathNode?) {
        self.value = value
        self.pathNode = path
    }

    var codingPath: [any CodingKey] { CodingPathNode.path(pathNode) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A path one step deeper. The key is copied into a `JSONKey`, so the node is `Sendable`
    /// whatever key type the caller's is.
    static func child(_ parent: CodingPathNode?, _ key: some CodingKey) -> CodingPathNode {
        CodingPathNode(parent: parent, key: key.intValue.map { JSONKey(intValue: $0) } ?? JSONKey(stringValue: key.stringValue))
    }

    /// `valueNotFound` for a null where a `type` was expected, `typeMismatch` for a value of another
    /// kind.
    static func mismatch<T>(_ type: T.Type, _ value: JSONValue, _ path: CodingPathNode?) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type, .init(codingPath: CodingPathNode.path(path), debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(
            type, .init(codingPath: CodingPathNode.path(path), debugDescription: "Expected to decode \(type) but found \(value.typeName) instead."))
    }

    /// `type` from `value`: the common leaves straight from the tree (a `Date` from its ISO 8601
    /// text), a `JSONObjectDecodable` from its object's members, anything else through
    /// `init(from:)` with a `JSONValueDecoderImpl`.
    static func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, path: CodingPathNode?) throws -> T {
        // Metatype comparisons, the commonest first; each `as! T` cannot fail once the type is known.
        if T.self == JSONValue.self { return value as! T }
        if T.self == String.self { return try string(value, path) as! T }
        if T.self == Date.self {
            let text = try string(value, path)
            guard let date = ISO8601Timestamp.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: CodingPathNode.path(path), debugDescription: "Expected an ISO 8601 date, found \"\(text)\"."))
            }
            return date as! T
        }
        if T.self == [String: JSONValue].self {
            guard case .object(let members) = value else { throw mismatch(type, value, path) }
            return members as! T
        }
        if T.self == Double.self { return try number(value, as: Double.self, path) as! T }
        if T.self == Int.self { return try integer(value, as: Int.self, path) as! T }
        if T.self == Bool.self { return try bool(value, path) as! T }
        if T.self == URL.self {
            let text = try string(value, path)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: CodingPathNode.path(path), debugDescription: "Invalid URL string \"\(text)\"."))
            }
            return url as! T
        }
        if T.self == Data.self {
            let text = try string(value, path)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: CodingPathNode.path(path), debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        }
        // After the common leaves: a conformance lookup costs more than comparing types.
        if let objectType = T.self as? any JSONObjectDecodable.Type {
            guard case .object(let members) = value else { throw mismatch(type, value, path) }
            return try objectType.init(json: JSONObjectReader(members: members, path: path)) as! T
        }
        return try T(from: JSONValueDecoderImpl(value, path: path))
    }

    static func string(_ value: JSONValue, _ path: CodingPathNode?) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, path) }
        return text
    }

    static func bool(_ value: JSONValue, _ path: CodingPathNode?) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path) }
        return flag
    }

    /// Any number as a float type; a `Float` takes the nearest value (beyond its range, an
    /// infinity, without an error).
    static func number<F: BinaryFloatingPoint>(_ value: JSONValue, as type: F.Type, _ path: CodingPathNode?) throws -> F {
        guard case .number(let number) = value else { throw mismatch(type, value, path) }
        return F(number)
    }

    /// A number that is exactly an integer of the type: `3.0` is `Int` 3; `3.5`, and `1e20` as an
    /// `Int32`, are `dataCorrupted`.
    static func integer<I: FixedWidthInteger>(_ value: JSONValue, as type: I.Type, _ path: CodingPathNode?) throws -> I {
        guard case .number(let number) = value else { throw mismatch(type, value, path) }
        guard let integer = I(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: CodingPathNode.path(path), debugDescription: "Parsed JSON number <\(number)> does not fit in \(type)."))
        }
        return integer
    }

    /// The object's members; `typeMismatch` when the value is not an object (`valueNotFound` for null).
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw Self.mismatch([String: JSONValue].self, value, pathNode) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, pathNode: pathNode))
    }

    /// The array's elements; `typeMismatch` when the value is not an array (`valueNotFound` for null).
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch([JSONValue].self, value, pathNode) }
        return UnkeyedContainer(elements: elements, pathNode: pathNode)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, pathNode: pathNode)
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let pathNode: CodingPathNode?

        var codingPath: [any CodingKey] { CodingPathNode.path(pathNode) }
        /// The members whose names `Key` knows, in no particular order.
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        /// Whether the member is present, `null` included.
        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        /// The member `key`; `keyNotFound` when it is absent.
        private func member(_ key: Key) throws -> JSONValue {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
            }
            return value
        }

        private func child(_ key: Key) -> CodingPathNode { JSONValueDecoderImpl.child(pathNode, key) }

        /// Whether the member is `null`; a missing member throws `keyNotFound`.
        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try member(key) { return true }
            return false
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONValueDecoderImpl.bool(member(key), child(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONValueDecoderImpl.string(member(key), child(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONValueDecoderImpl.number(member(key), as: type, child(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONValueDecoderImpl.number(member(key), as: type, child(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONValueDecoderImpl.integer(member(key), as: type, child(key)) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoderImpl.unbox(member(key), as: type, path: child(key))
        }

        /// Missing and `null` both decode as nil, in one lookup.
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let value = members[key.stringValue] else { return nil }
            if case .null = value { return nil }
            return try JSONValueDecoderImpl.unbox(value, as: type, path: child(key))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoderImpl(member(key), path: child(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoderImpl(member(key), path: child(key)).unkeyedContainer()
        }

        /// The member `super`, the key `Decoder` names for a superclass by default; null when absent.
        func superDecoder() throws -> any Decoder {
            JSONValueDecoderImpl(members["super"] ?? .null, path: JSONValueDecoderImpl.child(pathNode, JSONKey(stringValue: "super")))
        }

        /// The member `key` (null when absent), for a superclass decoded from a key of its own.
        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoderImpl(members[key.stringValue] ?? .null, path: child(key))
        }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let pathNode: CodingPathNode?
        /// The element the next decode reads.
        var currentIndex = 0

        init(elements: [JSONValue], pathNode: CodingPathNode?) {
            self.elements = elements
            self.pathNode = pathNode
        }

        var codingPath: [any CodingKey] { CodingPathNode.path(pathNode) }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        /// The next element and its path, moving past it; `valueNotFound` at the end.
        private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, CodingPathNode) {
            let path = JSONValueDecoderImpl.child(pathNode, JSONKey(intValue: currentIndex))
            guard currentIndex < elements.count else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: CodingPathNode.path(path), debugDescription: "Unkeyed container is at end."))
            }
            defer { currentIndex += 1 }
            return (elements[currentIndex], path)
        }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < elements.count else {
                throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
            }
            // A null is consumed; anything else is left for the decode that follows, as the protocol has it.
            if case .null = elements[currentIndex] {
                currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.bool(v, p)
        }
        mutating func decode(_ type: String.Type) throws -> String {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.string(v, p)
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.number(v, as: type, p)
        }
        mutating func decode(_ type: Float.Type) throws -> Float {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.number(v, as: type, p)
        }
        mutating func decode(_ type: Int.Type) throws -> Int {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: Int8.Type) throws -> Int8 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: Int16.Type) throws -> Int16 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: Int32.Type) throws -> Int32 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: Int64.Type) throws -> Int64 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: UInt.Type) throws -> UInt {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.integer(v, as: type, p)
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (v, p) = try next(type)
            return try JSONValueDecoderImpl.unbox(v, as: type, path: p)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let (v, p) = try next(JSONValue.self)
            return try JSONValueDecoderImpl(v, path: p).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (v, p) = try next(JSONValue.self)
            return try JSONValueDecoderImpl(v, path: p).unkeyedContainer()
        }

        /// A decoder for the next element.
        mutating func superDecoder() throws -> any Decoder {
            let (v, p) = try next(JSONValue.self)
            return JSONValueDecoderImpl(v, path: p)
        }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let value: JSONValue
        let pathNode: CodingPathNode?

        var codingPath: [any CodingKey] { CodingPathNode.path(pathNode) }

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoderImpl.bool(value, pathNode) }
        func decode(_ type: String.Type) throws -> String { try JSONValueDecoderImpl.string(value, pathNode) }
        func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoderImpl.number(value, as: type, pathNode) }
        func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoderImpl.number(value, as: type, pathNode) }
        func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueDecoderImpl.integer(value, as: type, pathNode) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoderImpl.unbox(value, as: type, path: pathNode) }
    }
}
