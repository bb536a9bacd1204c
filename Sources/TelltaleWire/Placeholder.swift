/// Stand-ins for values that change every run, written in braces where a value is expected:
/// `order_id: "{uuid}"`, or inside a string: `url: "https://shop.test/orders/{uuid}"`.
public enum Placeholder: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Present, with any value, null included.
    case any
    /// Any string, empty included.
    case string
    /// A string with at least one character.
    case nonempty
    /// Any number.
    case number
    /// A number with no fraction.
    case integer
    /// `true` or `false`.
    case boolean
    /// `8-4-4-4-12` hexadecimal digits, any case.
    case uuid
    /// An ISO 8601 date and time: `2026-11-21T05:20:00Z`, with a fraction or an offset.
    case iso8601
    /// An ISO 8601 date and time, or Unix time in seconds or milliseconds (a number or digits)
    /// between the years 2000 and 2100.
    case timestamp
    /// A calendar date: `2026-11-21`.
    case date

    public var description: String { "{\(rawValue)}" }

    /// What the placeholder stands for, in words.
    public var meaning: String {
        switch self {
        case .any: "any value"
        case .string: "any string"
        case .nonempty: "a non-empty string"
        case .number: "any number"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .uuid: "a UUID"
        case .iso8601: "an ISO 8601 date-time"
        case .timestamp: "a timestamp (ISO 8601 or Unix time)"
        case .date: "a date (YYYY-MM-DD)"
        }
    }

    /// Whether it may stand inside a longer string (`order-{uuid}`): only those that are text.
    public var isEmbeddable: Bool {
        switch self {
        case .any, .string, .nonempty, .number, .integer, .uuid, .iso8601, .timestamp, .date: true
        case .boolean: false
        }
    }
}
