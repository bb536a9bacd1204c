import Foundation
import TelltaleModel

/// The live line `telltale capture` prints on stderr for each event, for a person testing by hand:
/// `12:03:04 [session] source name {"param":1}`; with a tracking plan, `✓` when the event keeps
/// it, or `✗` and each violation (`purchase.value: expected number >= 0, got -1 (number)`).
package enum EventConsoleLine {
    /// `violations`: nil without a tracking plan (no mark), empty when the event keeps it.
    package static func line(_ event: Event, violations: [CatalogViolation]? = nil) -> String {
        let time = event.receivedAt.formatted(.iso8601.time(includingFractionalSeconds: false))
        let test = event.test.map { " (\($0.rawValue))" } ?? ""
        let mark = violations.map { $0.isEmpty ? " ✓" : " ✗" } ?? ""
        var line = "\(time) [\(event.session)]\(test)\(mark) \(event.source.rawValue) \(event.name) \(JSONValue.object(event.params).compactText)"
        for violation in violations ?? [] { line += "\n    ✗ \(violation.message)" }
        return line
    }
}
