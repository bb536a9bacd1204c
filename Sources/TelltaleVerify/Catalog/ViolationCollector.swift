import TelltaleModel

/// Gathers catalog violations, one entry per test, kind, event, path and expectation with a
/// count, in the order first seen: a bug that breaks every event must not make a report of
/// 100,000 lines.
struct ViolationCollector {
    /// Event ids kept per entry; `count` counts every event.
    static let idLimit = 5

    /// What makes violations one entry. The value is not part of it: `value` at -5 and at -7
    /// against `>= 0` are one entry with a count of 2, showing the first event's value.
    private struct Key: Hashable {
        var test: TestID?
        var kind: CatalogViolation.Kind
        var event: String
        var path: String
        var expected: String
    }

    /// The index in `violations` of each key's entry.
    private var positions: [Key: Int] = [:]
    private(set) var violations: [CatalogViolation] = []

    /// Counts a violation under its entry, made the first time; `path` is the stack the schema walk
    /// keeps, turned into text only here.
    mutating func add(
        _ kind: CatalogViolation.Kind, event: Event, path: [ParamPath.Component], expected: String, actual: JSONValue?
    ) {
        let pathText = ParamPath(path).description
        let key = Key(test: event.test, kind: kind, event: event.name, path: pathText, expected: expected)
        if let position = positions[key] {
            violations[position].count += 1
            if violations[position].eventIDs.count < Self.idLimit { violations[position].eventIDs.append(event.id) }
            return
        }
        positions[key] = violations.count
        violations.append(
            CatalogViolation(
                kind: kind, event: event.name, path: pathText, expected: expected,
                actual: ValueText.describe(actual), test: event.test, count: 1, eventIDs: [event.id]
            ))
    }
}
