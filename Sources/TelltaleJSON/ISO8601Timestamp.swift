import Foundation

/// The date form of Telltale's JSON: ISO 8601 in UTC with milliseconds,
/// `2026-11-21T05:20:00.125Z`. Written and read by hand: formatters are far too slow for
/// a run record with 100,000 events.
public enum ISO8601Timestamp {
    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, rounded to the nearest millisecond.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        // `2026-11-21T05:20:00.125Z` is 24 bytes.
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the timestamp's bytes; see `string(from:)`.
    public static func append(_ date: Date, to output: inout [UInt8]) {
        // Milliseconds since 1970, rounded half away from zero (0.0015 s is `.002`); negative before.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        // Floor division: a date before 1970 still has milliseconds from 0 to 999 and a second of
        // the day from 0 to 86,399 (`-0.25` s is `1969-12-31T23:59:59.750Z`).
        let (secondsTotal, millis) = floorDivide(milliseconds, 1000)
        let (days, secondsOfDay) = floorDivide(secondsTotal, 86_400)
        let (year, month, day) = civil(fromDays: days)
        // `count` digits, zero-padded; a longer value loses its leading digits (a year after 9999).
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            var value = value
            while divisor > 0 {
                output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
                value %= divisor
                divisor /= 10
            }
        }
        // Astronomical years: 0 is 1 BC, and earlier ones take a `-`, which `date(from:)` does not read.
        if year < 0 { output.append(UInt8(ascii: "-")) }
        digits(abs(year), 4)
        output.append(UInt8(ascii: "-"))
        digits(month, 2)
        output.append(UInt8(ascii: "-"))
        digits(day, 2)
        output.append(UInt8(ascii: "T"))
        digits(secondsOfDay / 3600, 2)
        output.append(UInt8(ascii: ":"))
        digits(secondsOfDay / 60 % 60, 2)
        output.append(UInt8(ascii: ":"))
        digits(secondsOfDay % 60, 2)
        output.append(UInt8(ascii: "."))
        digits(millis, 3)
        output.append(UInt8(ascii: "Z"))
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS`, with or without a fraction of a second (any number of digits),
    /// then `Z` or an offset `±HH:MM`. Whole-second timestamps (older run records) read too.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        // `count` ASCII digits as a number, moving past them; nil at a non-digit or the end.
        func number(_ count: Int) -> Int64? {
            guard index + count <= b.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let digit = b[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return value
        }
        // Moves past `byte` when it is next.
        func expect(_ byte: UInt8) -> Bool {
            guard index < b.count, b[index] == byte else { return false }
            index += 1
            return true
        }
        // `2026-11-21T`: four-digit years only; RFC 3339 allows a lowercase `t`.
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), index < b.count, b[index] == UInt8(ascii: "T") || b[index] == UInt8(ascii: "t")
        else { return nil }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2)
        else { return nil }
        // Each field in its range, no more: a day is not checked against its month (`2026-02-31`
        // reads as 3 March), and second 60, a leap second, is allowed and runs into the next minute.
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        // `.125`, or `,125` as ISO 8601 also allows, with any number of digits (`.123456`).
        if index < b.count, b[index] == UInt8(ascii: ".") || b[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, b[index] &- UInt8(ascii: "0") < 10 {
                fraction += Double(b[index] &- UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            // A separator with no digits (`05:20:00.Z`) is refused.
            guard index > start else { return nil }
        }
        // `Z` (or `z`), or an offset `+01:00`, `-0500`: the colon is optional.
        var offset: Int64 = 0
        // A time without a zone (`2026-11-21T05:20:00`) is refused: a local time names no instant.
        guard index < b.count else { return nil }
        switch b[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = b[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default: return nil
        }
        // Nothing may follow the zone: `…Zjunk` is refused.
        guard index == b.count else { return nil }
        let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        // Whole milliseconds are what the writer keeps; rounding there makes the round trip exact.
        let milliseconds = (fraction * 1000).rounded()
        let remainder = fraction * 1000 - milliseconds
        let interval = abs(remainder) < 1e-6 ? (Double(seconds * 1000) + milliseconds) / 1000 : Double(seconds) + fraction
        return Date(timeIntervalSince1970: interval)
    }

    /// The quotient rounded toward negative infinity, and a remainder from 0 to `divisor - 1`.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    /// Days since 1970-01-01 as (year, month 1–12, day 1–31).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a date: `civil(fromDays:)` backwards.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
