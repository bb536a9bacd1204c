import TelltaleModel

/// Builds JSON that is safe to embed in an HTML `<script type="application/json">` block.
///
/// Besides JSON's own escapes, `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`
/// (so no captured string can close the script element or open a comment) and U+2028/U+2029
/// as `\u2028`/`\u2029`. The output is plain JSON: `JSON.parse` reads it back unchanged.
/// Written by hand rather than with `JSONEncoder` for speed at 100,000 events and for a key
/// order that stays the same from run to run.
struct ScriptJSON {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func int(_ value: Int) {
        raw(String(value))
    }

    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            raw(String(Int64(value)))
        } else {
            raw(String(value))
        }
    }

    mutating func string(_ text: String) {
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

    /// A JSON value with object keys sorted, so the same value always gives the same bytes.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            object(members)
        }
    }

    mutating func object(_ members: [String: JSONValue]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in members.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
            bytes.append(UInt8(ascii: ":"))
            value(members[key]!)
        }
        bytes.append(UInt8(ascii: "}"))
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
