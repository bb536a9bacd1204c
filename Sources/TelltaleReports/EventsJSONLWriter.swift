import Foundation
import TelltaleModel

/// Writes `events.jsonl`: every captured event, in arrival order, as one JSON object a line,
/// in the contract's shape (`Event`'s encoding: keys sorted bytewise, ISO 8601 dates with milliseconds, `test` null when absent).
package struct EventsJSONLWriter: Sendable {
    package init() {}

    package func write(_ record: RunRecord, context: ReportContext) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(record.events.count * 300)
        for event in record.events {
            event.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }
}
