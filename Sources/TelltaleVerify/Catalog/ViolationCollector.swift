import TelltaleModel

/// Gathers catalog violations, one entry per test, kind, event, path and expectation with a
/// count, in the order first seen: a bug that breaks every event must not make a report of
/// 100,000 lines.
struct ViolationCollector {
    static let idLimit = 5

    private struct Key: Hashable {
        var test: TestID?
        var kind: CatalogViolation.Kind
        var event: String
        var path: String
        var expected: String
    }

    private var positions: [Key: Int] = [:]
    private(set) var violations: [CatalogViolation] = []

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
