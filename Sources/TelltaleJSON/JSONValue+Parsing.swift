import Foundation

/// Why some bytes are not JSON, and where: `offset` is the byte the parser stopped at.
public struct JSONParseError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    public var errorDescription: String? { description }
    /// 0-based: for `"\ud83d"` it is 7, the closing quote, where the low surrogate's `\u` should
    /// have begun.
    public var offset: Int
    /// What was expected or found, in a few words: `expected ',' or '}'`, `leading zero in a number`.
    public var reason: String
    /// Whether the input was empty (or only whitespace): callers often word that differently.
    public var isEmptyInput: Bool

    public init(offset: Int, reason: String, isEmptyInput: Bool = false) {
        self.offset = offset
        self.reason = reason
        self.isEmptyInput = isEmptyInput
    }

    /// `invalid JSON at byte 4: unterminated string`; for empty input, `empty input, expected JSON`.
    public var description: String {
        isEmptyInput ? "empty input, expected JSON" : "invalid JSON at byte \(offset): \(reason)"
    }
}

extension JSONValue {
    /// The default nesting limit of `init(parsing:)`: deeper input is refused rather than
    /// allowed to exhaust the stack.
    public static let defaultMaxDepth = 512

    /// Parses one JSON text (RFC 8259), strictly: no trailing commas, comments, leading zeros,
    /// unescaped control characters, invalid UTF-8 or lone surrogates; whitespace around the
    /// value is allowed, anything else after it is not. Duplicate object keys keep the last value.
    public init(parsing bytes: some Collection<UInt8>, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONParseError) {
        // A collection that lends its storage (`[UInt8]`, an `ArraySlice`) is read in place; any
        // other is copied into an array once.
        let parsed: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            JSONByteParser.result(buffer, maxDepth: maxDepth)
        }
        if let parsed {
            self = try parsed.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { JSONByteParser.result($0, maxDepth: maxDepth) }.get()
        }
    }

    /// Parses bytes in memory (a request's body): the same parser, without the generic entry's
    /// indirections, which it pays across modules on every call (its collection is unknown where
    /// TelltaleJSON is compiled).
    public init(parsing data: Data, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONParseError) {
        self = try data.withUnsafeBytes { raw in
            JSONByteParser.result(raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
        }.get()
    }

    /// Parses JSON text; see `init(parsing:)` for bytes.
    public init(parsing text: String, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONParseError) {
        // `withUTF8` needs a mutable string: a bridged one is first copied into native UTF-8.
        var text = text
        self = try text.withUTF8 { JSONByteParser.result($0, maxDepth: maxDepth) }.get()
    }
}

/// The parser behind `JSONValue(parsing:)`: one pass over contiguous bytes, no intermediate copies
/// except for strings with escapes.
struct JSONByteParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    /// The next byte to read; an error reports it as its `offset`.
    private var index = 0
    /// Members of the objects being parsed, innermost last: an object's dictionary is made once
    /// its members are known, at its exact size, rather than grown member by member.
    private var members: [(key: String, value: JSONValue)] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The parse as a `Result`: the closures that lend the bytes (`withContiguousStorageIfAvailable`,
    /// `withUTF8`) rethrow only untyped errors, and `init(parsing:)` throws `JSONParseError`.
    static func result(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) in try parse(bytes, maxDepth: maxDepth) }
    }

    /// One value with optional whitespace around it; nothing but whitespace is `isEmptyInput`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONParseError) -> JSONValue {
        var parser = JSONByteParser(bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw JSONParseError(offset: parser.index, reason: "unexpected end of input", isEmptyInput: true) }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        // A JSON text is one value: `[1] x`, or a second value (`{} {}`), is refused.
        if parser.index != bytes.count { throw parser.failure("unexpected data after the JSON value") }
        return value
    }

    private func failure(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    /// RFC 8259's four whitespace bytes: space, `\n`, `\r` and tab. A UTF-8 byte-order mark is not
    /// one: it fails as `unexpected byte 0xEF`.
    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The value starting at `index`, told by its first byte; `depth` counts the arrays and
    /// objects around it.
    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        // A container at depth `maxDepth` is one too many: 512 nested arrays parse, 513 do not.
        case UInt8(ascii: "{"):
            guard depth < maxDepth else { throw failure("nested deeper than \(maxDepth) levels") }
            return try object(depth: depth)
        case UInt8(ascii: "["):
            guard depth < maxDepth else { throw failure("nested deeper than \(maxDepth) levels") }
            return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        // A number starts with `-` or a digit: `+1`, `.5` and `NaN` fail below as unexpected characters.
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected \(Self.describe(byte: bytes[index]))")
        }
    }

    /// `character 'x'` for printable ASCII, `byte 0xEF` for anything else (a control character, a
    /// byte of a multi-byte UTF-8 sequence).
    private static func describe(byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Reads `true`, `false` or `null` byte by byte; an error points at the literal's first byte,
    /// whether the input ends inside it (`tru`) or differs (`nul!`).
    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("expected \(word)")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        // This object's members go on the shared stack above `first`; a nested object pushes and
        // pops its own above them before this one goes on.
        let first = members.count
        while true {
            skipWhitespace()
            // Member names are strings: `{1:2}` and `{a:1}` fail here.
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth + 1)
            members.append((key, member))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an object") }
            // A member must follow a comma: `{"a":1,}` fails at the `}` as a missing name.
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                var object = [String: JSONValue](minimumCapacity: members.count - first)
                // A repeated name keeps its last value, as JSONSerialization does.
                for member in members[first...] { object[member.key] = member.value }
                members.removeSubrange(first...)
                return .object(object)
            }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an array") }
            // An element must follow a comma: `[1,]` fails in `value(depth:)` at the `]`.
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw failure("expected ',' or ']'")
        }
    }

    /// Whether the byte at `position` is `0` to `9`: bytes below `0` wrap round to 208 and over,
    /// so one comparison checks both ends of the range.
    @inline(__always)
    private func isDigit(_ position: Int) -> Bool {
        position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10
    }

    /// RFC 8259's number: an optional `-`, then `0` or digits without a leading zero, then an
    /// optional fraction and exponent: `-0`, `0.1`, `3e2`, `-1.5E+3`. No `+1`, `.5`, `1.`, `01`,
    /// `NaN` or `Infinity`.
    private mutating func number() throws(JSONParseError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var integer: UInt64 = 0
        while isDigit(index) {
            // Up to 18 digits accumulate without overflow (10^18 < 2^64); the value is used only for 15
            // or fewer, and a longer run is still consumed.
            if index - digitsStart < 18 { integer = integer &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
            index += 1
        }
        let digitCount = index - digitsStart
        guard digitCount > 0 else { throw failure("expected a digit") }
        // `0` stands alone before `.`, `e` or the end: `01` is refused at its first digit.
        if bytes[digitsStart] == UInt8(ascii: "0") && digitCount > 1 {
            index = digitsStart
            throw failure("leading zero in a number")
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fraction = index
            while isDigit(index) { index += 1 }
            guard index > fraction else { throw failure("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while isDigit(index) { index += 1 }
            guard index > exponent else { throw failure("expected a digit in the exponent") }
        }
        // Integers below 2^53 convert exactly; everything else goes through the correctly rounded parser.
        // Fifteen digits stay below 10^15, the bound under which the writer prints integers digit by
        // digit: every integer Telltale writes reads back here, as `Double(text)` would read it.
        if isInteger && digitCount <= 15 {
            let value = Double(integer)
            return negative ? -value : value
        }
        // `Double(String)` rounds correctly (`9007199254740993` reads as 2^53); a number too large
        // for a `Double` (`1e999`) comes back infinite, which JSON has no place for, and is refused
        // at its first byte.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("number \(text) is out of range")
        }
        return value
    }

    /// The string whose opening quote is at `index`: its bytes as they are when it has no escape,
    /// else unescaped into a buffer. A control character (below 0x20) must be escaped, invalid
    /// UTF-8 is refused, and `/` may be escaped or not.
    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Every byte ORed together: below 0x80 means all ASCII, valid UTF-8 with no check.
        var high: UInt8 = 0
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            // A raw line break or tab between the quotes is refused: JSON writes them `\n` and `\t`.
            guard byte >= 0x20 else { throw failure("control character in a string") }
            high |= byte
            index += 1
        }
        guard index < bytes.count else { throw failure("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if high < 0x80 { return String(decoding: slice, as: UTF8.self) }
            guard let text = String(validating: slice, as: UTF8.self) else {
                index = start
                throw failure("invalid UTF-8 in a string")
            }
            return text
        }
        // An escape: the bytes so far are copied, the rest unescaped after them into UTF-8, which is
        // checked once, at the closing quote (so an encoded surrogate, `ED A0 80`, is refused there).
        var scalars = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        scalars.reserveCapacity(scalars.count + 16)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    index = start
                    throw failure("invalid UTF-8 in a string")
                }
                return text
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            // A `\` as the input's last byte: unterminated.
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            // `\u00e9`, `\u0000`, or for a scalar above U+FFFF a surrogate pair (`\ud83d\ude00`, 😀):
            // a high surrogate must be followed at once by an escaped low one, and a low one alone is
            // refused.
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw failure("unpaired surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                    // Ten bits from each half, above U+FFFF.
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw failure("unpaired surrogate")
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("bad \\u escape") }
                UTF8.encode(scalar) { scalars.append($0) }
            default:
                // `\x`, `\'`, `\U`: the error points at the backslash.
                index -= 2
                throw failure("bad escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        throw failure("unterminated string")
    }

    /// The four hex digits of a `\u` escape, in either case (`\u20AC`, `\u20ac`).
    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("bad hex digit in \\u escape")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }
}
