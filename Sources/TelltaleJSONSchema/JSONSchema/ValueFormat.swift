/// JSON Schema `format`s the catalog checks; others are annotations and are not checked.
package enum ValueFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// RFC 3339 `date-time`: `2026-11-21T05:20:00Z`, `2026-11-21T05:20:00.125+01:00`.
    case dateTime = "date-time"
    /// RFC 3339 `full-date`: `2026-11-21`.
    case date
    /// 8-4-4-4-12 hexadecimal digits, in either case.
    case uuid
    /// Any text with an `@`, as Python's `jsonschema` checks it.
    case email
    /// An absolute URI by RFC 3986 (`https://example.com/a?b#c`); a relative reference is not one.
    case uri

    package var description: String { rawValue }
}
