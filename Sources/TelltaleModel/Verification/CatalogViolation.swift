/// A captured event that breaks the tracking plan. Identical violations (same kind, event,
/// path and expectation) of one test are one entry with a count.
package struct CatalogViolation: Codable, Sendable, Hashable {
    /// The rule broken: a schema's (`JSONSchemaViolation.Kind`), or `unplannedEvent`.
    package typealias Kind = JSONSchemaViolation.Kind

    package var kind: Kind
    package var event: String
    /// Where in the params: `value`, `items[0].sku`; empty for the event itself.
    package var path: String
    /// What the plan allows: `number >= 0`, `one of "USD", "EUR"`; for an extra property the
    /// properties the plan lists, for an unplanned event a planned one with a similar name.
    package var expected: String
    /// What the event had, with its type; nil when missing (or for an unplanned event).
    package var actual: String?
    /// The test the events are attributed to; nil for events sent outside any test.
    package var test: TestID?
    /// How many events broke the plan this way.
    package var count: Int
    /// The first few of those events.
    package var eventIDs: [String]

    package init(
        kind: Kind, event: String, path: String, expected: String, actual: String?, test: TestID?,
        count: Int = 1, eventIDs: [String] = []
    ) {
        self.kind = kind
        self.event = event
        self.path = path
        self.expected = expected
        self.actual = actual
        self.test = test
        self.count = count
        self.eventIDs = eventIDs
    }

    /// `tracking plan: purchase_completed.value: expected number >= 0, got -1 (number) (#e7)`.
    package var message: String {
        let subject = path.isEmpty ? event : "\(event).\(path)"
        let detail: String
        switch kind {
        case .unplannedEvent: detail = "\(event) is not in the tracking plan (expected \(expected))"
        case .missingRequired: detail = "\(subject) is required (\(expected)) but missing"
        case .extraProperty: detail = "\(subject) is not in the tracking plan, got \(actual ?? "a value") (planned: \(expected))"
        default: detail = "\(subject): expected \(expected), " + (actual.map { "got \($0)" } ?? "but it is missing")
        }
        let shown = eventIDs.map { "#\($0)" }.joined(separator: ", ")
        let events = count > 1 ? " (\(count) events: \(shown)\(count > eventIDs.count ? ", …" : ""))" : shown.isEmpty ? "" : " (\(shown))"
        return "tracking plan: \(detail)\(events)"
    }
}
