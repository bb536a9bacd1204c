import TelltaleModel

/// Hand-written checks for placeholders (the tracking plan's formats are `FormatChecks`): they
/// run once per parameter of every event, where a regex or Foundation parser would cost
/// microseconds each.
enum ValueChecks {
    /// Whether `value` is what the placeholder stands for as a whole value. No placeholder takes an
    /// absent param, not even `{any}` (null is a value; absence is `present: false`).
    static func matches(_ placeholder: Placeholder, _ value: JSONValue?) -> Bool {
        guard let value else { return false }
        switch placeholder {
        case .any: return true
        case .string:
            if case .string = value { return true }
            return false
        case .nonempty:
            if case .string(let text) = value { return !text.isEmpty }
            return false
        case .number: return JSONType.number.matches(value)
        case .integer: return JSONType.integer.matches(value)
        case .boolean: return JSONType.boolean.matches(value)
        case .uuid:
            if case .string(let text) = value { return FormatChecks.isUUID(text) }
            return false
        case .iso8601:
            if case .string(let text) = value { return isDateTime(text) }
            return false
        case .date:
            if case .string(let text) = value { return isDate(text) }
            return false
        // Unix time comes as a number or as digits in a string, in seconds or in milliseconds.
        case .timestamp:
            switch value {
            case .number(let number): return isUnixTime(number)
            case .string(let text): return isDateTime(text) || Double(text).map(isUnixTime) == true
            default: return false
            }
        }
    }

    /// An ISO 8601 date-time as run records write them: `2026-11-21T05:20:00Z`, with a fraction
    /// or an offset (`ISO8601Timestamp`).
    static func isDateTime(_ text: String) -> Bool {
        ISO8601Timestamp.date(from: text) != nil
    }

    /// `YYYY-MM-DD` with a real month and day (to 31).
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        for offset in [0, 1, 2, 3, 5, 6, 8, 9] where !isDigit(bytes[offset]) { return false }
        let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
        let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// Seconds or milliseconds since 1970 that land between 2000 and 2100.
    static func isUnixTime(_ number: Double) -> Bool {
        // 2000-01-01 to 2100-01-01 (UTC) in seconds; a number in this range after dividing
        // by 1000 is in milliseconds.
        let seconds = 946_684_800.0...4_102_444_800.0
        return seconds.contains(number) || seconds.contains(number / 1000)
    }

    /// An ASCII digit: the wrapping subtraction turns every byte below `0` into a large number.
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The regex a placeholder stands for inside a template string.
    static func regexFragment(_ placeholder: Placeholder) -> String {
        // Inside a string a placeholder is only a fragment of the template's regex, so it is
        // looser than the whole-value check: `{date}` takes month 13, `{timestamp}` any ten or
        // thirteen digits. `{boolean}` cannot stand inside text (`Placeholder.isEmbeddable`); its
        // case keeps the switch whole.
        let dateTime = #"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(?:[.,][0-9]+)?(?:[Zz]|[+-][0-9]{2}:?[0-9]{2})"#
        return switch placeholder {
        case .any, .string: #"[\s\S]*"#
        case .nonempty: #"[\s\S]+"#
        case .number: #"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"#
        case .integer: "-?[0-9]+"
        case .boolean: "(?:true|false)"
        case .uuid: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
        case .iso8601: dateTime
        case .timestamp: "(?:\(dateTime)|[0-9]{10}(?:[0-9]{3})?(?:\\.[0-9]+)?)"
        case .date: "[0-9]{4}-[0-9]{2}-[0-9]{2}"
        }
    }
}
