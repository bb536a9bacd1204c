/// How `JSONValue.serialized` lays JSON out.
public struct JSONFormatting: Sendable, Hashable {
    /// Indented with two spaces, one member or element a line, `"key" : value`, as
    /// `JSONEncoder`'s `.prettyPrinted` writes it; otherwise compact, without any whitespace.
    public var pretty: Bool
    /// Keys of the outermost object written first, in this order, before the rest (which are
    /// sorted as everywhere else): `schemaVersion` first lets a reader check it early.
    public var leadingKeys: [String]

    public init(pretty: Bool = false, leadingKeys: [String] = []) {
        self.pretty = pretty
        self.leadingKeys = leadingKeys
    }

    /// `{"a":[1,2]}` on one line: every line of `events.jsonl` is one.
    public static let compact = JSONFormatting()
    /// Indented, one member a line; `run.json` is written so, with `schemaVersion` leading.
    public static let pretty = JSONFormatting(pretty: true)
}

extension JSONValue {
    /// JSON text (RFC 8259) as UTF-8 bytes. Deterministic: object keys are sorted bytewise by
    /// their UTF-8; strings escape only `"`, `\` and control characters (`/` and non-ASCII are
    /// written as they are); integral numbers print without a fraction (`3`, not `3.0`), others
    /// in the shortest form that reads back to the same `Double`. JSON has no NaN or infinity:
    /// those are written as `null`.
    public func serialized(_ formatting: JSONFormatting = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        serialize(into: &output, formatting)
        return output
    }

    /// Appends the JSON text to `output`; see `serialized(_:)`.
    public func serialize(into output: inout [UInt8], _ formatting: JSONFormatting = .compact) {
        // The writer takes the buffer over and `output` lets go of it meanwhile: the array has one
        // owner, so appending never copies it.
        var writer = JSONByteWriter(output: output, pretty: formatting.pretty)
        output = []
        writer.write(self, indent: 0, leadingKeys: formatting.leadingKeys)
        output = writer.output
    }

    /// JSON text as a `String`; see `serialized(_:)`.
    public func jsonText(_ formatting: JSONFormatting = .compact) -> String {
        String(decoding: serialized(formatting), as: UTF8.self)
    }
}

extension String {
    /// Bytewise order of the UTF-8: the order JSON object keys are written in.
    /// Unlike `String`'s `<`, which finds canonically equivalent strings equal (`é` written as one
    /// scalar or as `e` and a combining accent), two different keys never tie, so the order does
    /// not depend on the dictionary's.
    static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { l in rhs.withUTF8 { r in l.lexicographicallyPrecedes(r) } }
    }
}

/// The one byte writer: package-wide so `Event.appendJSON` writes an event without a tree.
package struct JSONByteWriter {
    /// The bytes so far: a caller hands its buffer in and takes it back (`Event.appendJSON`).
    package var output: [UInt8]
    let pretty: Bool

    package init(output: [UInt8], pretty: Bool) {
        self.output = output
        self.pretty = pretty
    }

    /// Writes `value` at `indent` spaces of nesting (which only pretty output uses); `leadingKeys`
    /// apply to this object alone, not to the objects inside it.
    package mutating func write(_ value: JSONValue, indent: Int, leadingKeys: [String] = []) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): writeNumber(number)
        case .string(let text): writeString(text)
        case .array(let elements): writeArray(elements, indent: indent)
        case .object(let members): writeObject(members, indent: indent, leadingKeys: leadingKeys)
        }
    }

    /// Literal bytes (`null`, `,"name":`), without making a `String`.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Pretty output's line break and `indent` spaces.
    @inline(__always)
    mutating func newline(indent: Int) {
        output.append(0x0A)
        for _ in 0..<indent { output.append(0x20) }
    }

    /// `[1,2]`; pretty, one element a line, two spaces deeper than the bracket.
    mutating func writeArray(_ elements: [JSONValue], indent: Int) {
        output.append(UInt8(ascii: "["))
        if elements.isEmpty {
            writeEmptyEnd(UInt8(ascii: "]"), indent: indent)
            return
        }
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(indent: indent + 2) }
            write(element, indent: indent + 2)
        }
        if pretty { newline(indent: indent) }
        output.append(UInt8(ascii: "]"))
    }

    /// `[]` compact; pretty, an empty line between the brackets, as `JSONEncoder` writes it.
    mutating func writeEmptyEnd(_ bracket: UInt8, indent: Int) {
        if pretty {
            output.append(0x0A)
            newline(indent: indent)
        }
        output.append(bracket)
    }

    /// Members in bytewise key order, after `leadingKeys` (those present, in the order given).
    package mutating func writeObject(_ members: [String: JSONValue], indent: Int, leadingKeys: [String] = []) {
        output.append(UInt8(ascii: "{"))
        if members.isEmpty {
            writeEmptyEnd(UInt8(ascii: "}"), indent: indent)
            return
        }
        // Compact and without leading keys is how every event is written: the allocation-free sort.
        if leadingKeys.isEmpty && !pretty {
            writeSortedMembers(members, indent: indent)
            output.append(UInt8(ascii: "}"))
            return
        }
        // Pretty or with leading keys (a record, a report), the plain way: neither is written per event.
        var pairs = members.sorted { String.utf8Precedes($0.key, $1.key) }
        if !leadingKeys.isEmpty {
            // A leading key the object lacks is left out: `missing` in `["schemaVersion", "missing"]`.
            let leading = leadingKeys.compactMap { key in members[key].map { (key: key, value: $0) } }
            let leadingSet = Set(leadingKeys)
            pairs = leading + pairs.filter { !leadingSet.contains($0.key) }
        }
        for (position, pair) in pairs.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(indent: indent + 2) }
            writeString(pair.key)
            if pretty { append(" : ") } else { output.append(UInt8(ascii: ":")) }
            write(pair.value, indent: indent + 2)
        }
        if pretty { newline(indent: indent) }
        output.append(UInt8(ascii: "}"))
    }

    /// Objects of at most this many members are sorted by insertion, larger ones by the standard
    /// sort; both give the same bytewise order (`JSONValueSerializingTests` tries 12 and 13 keys).
    static let insertionSortLimit = 12

    /// The members in key order, sorted in a temporary buffer (on the stack when small):
    /// every stored event is written through here on the capture server's hot path.
    private mutating func writeSortedMembers(_ members: [String: JSONValue], indent: Int) {
        // The dictionary's indexes are sorted, not copies of its pairs: no key or value is copied out.
        withUnsafeTemporaryAllocation(of: Dictionary<String, JSONValue>.Index.self, capacity: members.count) { buffer in
            var order = buffer
            var filled = 0
            var position = members.startIndex
            while position != members.endIndex {
                order.initializeElement(at: filled, to: position)
                filled += 1
                position = members.index(after: position)
            }
            if filled <= Self.insertionSortLimit {
                // An event's objects have a handful of members: a plain insertion sort costs
                // less than the general sort's machinery.
                // Each key moves left past the keys before it that sort after it.
                for unsorted in 1..<max(filled, 1) {
                    let moving = order[unsorted]
                    let key = members[moving].key
                    var slot = unsorted
                    while slot > 0 && String.utf8Precedes(key, members[order[slot - 1]].key) {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = moving
                }
            } else {
                // Larger objects: the standard sort, to the same bytewise order.
                order.sort { String.utf8Precedes(members[$0].key, members[$1].key) }
            }
            for (offset, index) in order.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                let member = members[index]
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                write(member.value, indent: indent + 2)
            }
            _ = order.deinitialize()
        }
    }

    /// `3`, `-42`, `0.5`, `1e-07`, `1e+16`: integral values below 10^15 digit by digit (so `-0.0` is
    /// `0`), others as Swift's shortest round-trip `description` less a trailing `.0`. NaN and the
    /// infinities, which JSON has no form for, are `null`.
    mutating func writeNumber(_ number: Double) {
        guard number.isFinite else {
            append("null")
            return
        }
        // Below 10^15 an integral `Double` fits `Int64` exactly and has at most 15 digits, which
        // `writeInteger`'s 16-byte buffer holds; the parser reads 15 digits back on its fast path.
        if number == number.rounded(.towardZero) && abs(number) < 1e15 {
            writeInteger(Int64(number))
            return
        }
        var text = number.description
        // `description` writes an integral value from 10^15 up as `1000000000000000.0` until it
        // turns to an exponent (`1e+16`); JSON's one form has no `.0`.
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }

    /// The digits of an integer below 10^15 in magnitude (`writeNumber` sends no other).
    mutating func writeInteger(_ integer: Int64) {
        if integer == 0 {
            output.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = integer.magnitude
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        // Digits come least significant first, into two `UInt64`s on the stack used as 16 bytes, and
        // are copied out in reverse.
        var digits: (UInt64, UInt64) = (0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for position in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[position]) }
        }
    }

    /// `"…"` with only what JSON requires escaped: `\"`, `\\`, `\b \f \n \r \t`, and other control
    /// characters as `\u001b` (lowercase hex). `/`, non-ASCII and U+2028 are written as they are,
    /// as `JSONEncoder` with `.withoutEscapingSlashes` writes them.
    package mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            // Runs of bytes that need no escape are copied in one append each. A multi-byte UTF-8
            // sequence is all 0x80 and over, so no escape check ever splits a character.
            var runStart = 0
            for position in 0..<bytes.count {
                let byte = bytes[position]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < position { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position])) }
                runStart = position + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    append("\\u00")
                    output.append(hex.utf8Start[Int(byte >> 4)])
                    output.append(hex.utf8Start[Int(byte & 0x0F)])
                }
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
            output.append(UInt8(ascii: "\""))
        }
    }
}
