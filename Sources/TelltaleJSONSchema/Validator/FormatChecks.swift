/// The `format`s the tracking plan checks, as JSON Schema's reference implementation (Python's
/// `jsonschema` with its format extras) checks them: `date-time` and `date` by RFC 3339,
/// `uri` by RFC 3986, `uuid` as 8-4-4-4-12 hexadecimal digits, `email` as text with an `@`.
/// Hand-written: they run once per formatted value of every event.
package enum FormatChecks {
    static func matches(_ format: ValueFormat, _ text: String) -> Bool {
        switch format {
        case .dateTime: isDateTime(text)
        case .date: isDate(text)
        case .uuid: isUUID(text)
        case .email: text.utf8.contains(UInt8(ascii: "@"))
        case .uri: URISyntax.isURI(text)
        }
    }

    /// RFC 3339 `date-time`: `2026-11-21T05:20:00Z`, `…T05:20:00.125+01:00`; `T` and `Z` in
    /// either case; a real day of its month; no leap second.
    static func isDateTime(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // `2026-11-21T05:20:00` is 19 bytes; a zone must follow, so 20 at least.
            guard bytes.count >= 20, isFullDate(bytes, at: 0), bytes[10] | 0x20 == UInt8(ascii: "t"),
                let hour = number(bytes, 11, 2), hour < 24, bytes[13] == UInt8(ascii: ":"),
                let minute = number(bytes, 14, 2), minute < 60, bytes[16] == UInt8(ascii: ":"),
                let second = number(bytes, 17, 2), second < 60
            else { return false }
            var index = 19
            // `.125`: one digit or more, and a zone after them.
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                let digits = index
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                guard index > digits, index < bytes.count else { return false }
            }
            if bytes[index] | 0x20 == UInt8(ascii: "z") { return index + 1 == bytes.count }
            // `+01:00`: exactly six bytes to the end, the colon required (RFC 3339's `time-numoffset`).
            guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count - index == 6,
                let offsetHour = number(bytes, index + 1, 2), offsetHour < 24, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinute = number(bytes, index + 4, 2), offsetMinute < 60
            else { return false }
            return true
        }
    }

    /// `8-4-4-4-12` hexadecimal digits.
    package static func isUUID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 36 else { return false }
            for offset in 0..<36 {
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard bytes[offset] == UInt8(ascii: "-") else { return false }
                } else {
                    guard isHexDigit(bytes[offset]) else { return false }
                }
            }
            return true
        }
    }

    /// RFC 3339 `full-date`: `2026-02-28`, a real day (years 0001 to 9999).
    static func isDate(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == 10 && isFullDate($0, at: 0) }
    }

    private static func isFullDate(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard bytes.count >= start + 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = number(bytes, start, 4), let month = number(bytes, start + 5, 2), let day = number(bytes, start + 8, 2)
        else { return false }
        guard year > 0, (1...12).contains(month), day >= 1 else { return false }
        // Gregorian leap years: every fourth, but a century only when divisible by 400 (2000, not 1900).
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
        return day <= days
    }

    /// `count` ASCII digits from `start` as a number; nil if any byte is not one.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// `0` to `9`, by one wrapping comparison: bytes below `0` wrap round past 200.
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
}
