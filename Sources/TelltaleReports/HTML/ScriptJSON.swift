import TelltaleModel

/// Builds JSON that is safe to embed in an HTML `<script type="application/json">` block.
///
/// Besides JSON's own escapes, `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`
/// (so no captured string can close the script element or open a comment) and U+2028/U+2029
/// as `\u2028`/`\u2029`. The output is plain JSON: `JSON.parse` reads it back unchanged.
/// Written by hand rather than with `JSONEncoder` for speed at 100,000 events and for a key
/// order that stays the same from run to run.
///
/// Containers place their own commas: `object { … }` and `array { … }` open and close one,
/// `key` names the next value, and every value (or container) written after another in the
/// same container is preceded by a comma. One flag is enough to know when: a value is
/// either the first in its container (just opened, or just after a key) or follows one.
///
///     json.object { json in
///         json.field("id", test.id.rawValue)
///         json.array("tags") { json in for tag in tags { json.string(tag) } }
///     }
struct ScriptJSON {
    /// The JSON so far, UTF-8; complete once the outermost container is closed.
    private(set) var bytes: [UInt8] = []
    /// Whether the next value follows another in its container, and so needs a comma first.
    private var followsValue = false

    /// `capacity`: the bytes to reserve, so a large page is not copied as it grows.
    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    /// `{…}`: `body` writes its members with `key`/`field`.
    mutating func object(_ body: (inout ScriptJSON) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// `[…]`: `body` writes its elements.
    mutating func array(_ body: (inout ScriptJSON) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// `"name":{…}` in the current object.
    mutating func object(_ name: StaticString, _ body: (inout ScriptJSON) -> Void) {
        key(name)
        object(body)
    }

    /// `"name":[…]` in the current object.
    mutating func array(_ name: StaticString, _ body: (inout ScriptJSON) -> Void) {
        key(name)
        array(body)
    }

    /// Names the next value of the current object.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    // MARK: Fields

    /// `"name":value` in the current object, for each kind of value below.
    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        string(text)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    // MARK: Values

    mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        followsValue = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        value ? append("true") : append("false")
        followsValue = true
    }

    mutating func number(_ value: Double) {
        separate()
        // JSON has no NaN or infinity; whole numbers are written without `.0`, as JavaScript does.
        if !value.isFinite {
            append("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        followsValue = true
    }

    mutating func string(_ text: String) {
        separate()
        escaped(text)
        followsValue = true
    }

    /// A JSON value with object keys sorted, so the same value always gives the same bytes.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null:
            separate()
            append("null")
            followsValue = true
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            array { json in
                for item in items { json.value(item) }
            }
        case .object(let members):
            object(members)
        }
    }

    /// An object of `JSONValue`s, keys sorted.
    mutating func object(_ members: [String: JSONValue]) {
        object { json in
            for key in members.keys.sorted() {
                json.separate()
                json.escaped(key)
                json.bytes.append(UInt8(ascii: ":"))
                json.followsValue = false
                json.value(members[key]!)
            }
        }
    }

    // MARK: Bytes

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        followsValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        followsValue = true
    }

    /// `text` as a JSON string literal, scanned byte by byte: every character that matters here
    /// is ASCII, bar U+2028 and U+2029, which are matched by their three UTF-8 bytes.
    private mutating func escaped(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\t"): append("\\t")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "<"): append("\\u003c")
                case UInt8(ascii: ">"): append("\\u003e")
                case UInt8(ascii: "&"): append("\\u0026")
                case 0x00..<0x20, 0x7F: appendUnicodeEscape(byte)
                // U+2028 and U+2029, which JavaScript before ES2019 did not allow in a string literal.
                case 0xE2 where index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    append(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendUnicodeEscape(_ byte: UInt8) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        append("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
    }
}
