import Foundation

/// Encodes `Encodable` values to a `JSONValue` tree, which `serialized(_:)` turns into bytes:
/// the fast replacement for `JSONEncoder` on Telltale's records and events.
///
/// Conventions, as Telltale writes JSON: dates are ISO 8601 with milliseconds in UTC
/// (`ISO8601Timestamp`), `Data` is Base64, URLs are their absolute string, `JSONValue`s are
/// taken as they are. Numbers become `Double`s: integers beyond ±2^53 and non-finite floating
/// point values cannot be represented and throw.
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// The tree `value` encodes to; `EncodingError.invalidValue` for a number JSON cannot hold.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONValueEncoderImpl.box(value, path: [])
    }

    /// Encodes and serializes in one step.
    /// A `JSONBytesWritable` value writes its own bytes when the output is compact, the only form
    /// it has: no tree is built.
    public func serialize<T: Encodable>(_ value: T, _ formatting: JSONFormatting = .compact) throws -> [UInt8] {
        if formatting == .compact, let writable = value as? any JSONBytesWritable {
            var output: [UInt8] = []
            writable.appendJSON(to: &output)
            return output
        }
        return try encode(value).serialized(formatting)
    }
}

/// What an encoder or container has produced so far; boxes let nested containers write into their parent.
private final class EncodingNode {
    enum Content {
        /// Nothing asked for yet: no container, no value.
        case empty
        case value(JSONValue)
        /// Members as nodes, not values: a nested container keeps writing into its node after the
        /// parent has stored it.
        case object([String: EncodingNode])
        case array([EncodingNode])
    }

    var content: Content = .empty

    init(_ content: Content = .empty) { self.content = content }

    /// The finished tree. A value that asked for no container (an empty `encode(to:)`) is `{}`.
    var value: JSONValue {
        switch content {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let elements): .array(elements.map(\.value))
        }
    }
}

/// An array position in a coding path, spelled `Index 0` as Foundation's coders spell it.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The `Encoder` a value's `encode(to:)` is given: its containers write into `node`, which
/// `box` reads back as a `JSONValue`.
private final class JSONValueEncoderImpl: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let node: EncodingNode

    init(path: [any CodingKey], node: EncodingNode = EncodingNode()) {
        codingPath = path
        self.node = node
    }

    /// The value for anything `Encodable`, with Telltale's special cases first.
    static func box<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> JSONValue {
        // Before `encode(to:)`, which would write a `Date` as seconds since 2001, a `URL` as a keyed
        // `relative`/`base` pair, `Data` as an array of bytes and a `Decimal` as its keyed parts;
        // `JSONValue`, `String` and a params dictionary skip the container machinery.
        if let value = value as? JSONValue { return value }
        if let value = value as? String { return .string(value) }
        if let value = value as? [String: JSONValue] { return .object(value) }
        if let value = value as? Date { return .string(ISO8601Timestamp.string(from: value)) }
        if let value = value as? URL { return .string(value.absoluteString) }
        if let value = value as? Data { return .string(value.base64EncodedString()) }
        if let value = value as? Decimal { return .number(NSDecimalNumber(decimal: value).doubleValue) }
        let encoder = JSONValueEncoderImpl(path: path)
        try value.encode(to: encoder)
        return encoder.node.value
    }

    /// An integer as a `Double`, only when exact: `Int64.max` throws rather than being rounded up
    /// to 2^63.
    static func number<I: BinaryInteger>(_ value: I, path: [any CodingKey]) throws -> JSONValue {
        guard let double = Double(exactly: value) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: path, debugDescription: "\(value) cannot be represented exactly as a JSON number"))
        }
        return .number(double)
    }

    /// A finite float; NaN and the infinities throw, as `JSONEncoder`'s default strategy has it.
    static func number<F: BinaryFloatingPoint>(_ value: F, path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not a valid JSON number"))
        }
        return .number(Double(value))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asked twice (a subclass and its superclass encoding into one encoder), the second keyed
        // container keeps the members the first wrote.
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        // Likewise, a second unkeyed container appends after the first's elements.
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: EncodingNode
        let codingPath: [any CodingKey]

        private func set(_ value: JSONValue, _ key: Key) { set(EncodingNode(.value(value)), key) }

        // The node lets go of its dictionary while it changes, so the dictionary has one owner and is
        // updated in place, not copied for every member.
        private func set(_ child: EncodingNode, _ key: Key) {
            guard case .object(var members) = node.content else { return }
            node.content = .empty
            members[key.stringValue] = child
            node.content = .object(members)
        }

        /// The path of the member `key`, for the errors of the value written there.
        private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try JSONValueEncoderImpl.number(value, path: path(key)), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try JSONValueEncoderImpl.box(value, path: path(key)), key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = EncodingNode(.object([:]))
            set(child, key)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path(key)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = EncodingNode(.array([]))
            set(child, key)
            return UnkeyedContainer(node: child, codingPath: path(key))
        }

        /// An encoder for the member `super`, the key `Encoder` names for a superclass by default.
        mutating func superEncoder() -> any Encoder {
            let child = EncodingNode()
            if case .object(var members) = node.content {
                node.content = .empty
                members["super"] = child
                node.content = .object(members)
            }
            return JSONValueEncoderImpl(path: codingPath, node: child)
        }

        /// An encoder for the member `key`, for a superclass encoded under a key of its own.
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = EncodingNode()
            set(child, key)
            return JSONValueEncoderImpl(path: path(key), node: child)
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: EncodingNode
        let codingPath: [any CodingKey]

        var count: Int {
            if case .array(let elements) = node.content { return elements.count }
            return 0
        }

        private func append(_ value: JSONValue) { append(EncodingNode(.value(value))) }

        // As in `KeyedContainer.set`: the node lets go of its array so appending does not copy it.
        private func append(_ child: EncodingNode) {
            guard case .array(var elements) = node.content else { return }
            node.content = .empty
            elements.append(child)
            node.content = .array(elements)
        }

        /// The path of the element about to be appended: its index is the current count. Nested
        /// containers read it before appending, which moves the count on.
        private var path: [any CodingKey] { codingPath + [IndexKey(count)] }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Float) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Int) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Int8) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Int16) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Int32) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: Int64) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: UInt) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: UInt8) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: UInt16) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: UInt32) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode(_ value: UInt64) throws { append(try JSONValueEncoderImpl.number(value, path: path)) }
        mutating func encode<T: Encodable>(_ value: T) throws { append(try JSONValueEncoderImpl.box(value, path: path)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = EncodingNode(.object([:]))
            let childPath = path
            append(child)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: childPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = EncodingNode(.array([]))
            let childPath = path
            append(child)
            return UnkeyedContainer(node: child, codingPath: childPath)
        }

        /// An encoder for the next element.
        mutating func superEncoder() -> any Encoder {
            let child = EncodingNode()
            let childPath = path
            append(child)
            return JSONValueEncoderImpl(path: childPath, node: child)
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: EncodingNode
        let codingPath: [any CodingKey]

        /// A second value replaces the first.
        private func set(_ value: JSONValue) { node.content = .value(value) }

        mutating func encodeNil() throws { set(.null) }
        mutating func encode(_ value: Bool) throws { set(.bool(value)) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Double) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Float) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Int) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Int8) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Int16) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Int32) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: Int64) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: UInt) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: UInt8) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: UInt16) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: UInt32) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode(_ value: UInt64) throws { set(try JSONValueEncoderImpl.number(value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { set(try JSONValueEncoderImpl.box(value, path: codingPath)) }
    }
}
