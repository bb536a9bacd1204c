/// JSON Schema `format`s the catalog checks; others are annotations and are not checked.
package enum ValueFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case dateTime = "date-time"
    case date
    case uuid
    case email
    case uri

    package var description: String { rawValue }
}
