import Foundation
import TelltaleModel

/// Writes `events.jsonl`: every captured event, in arrival order, as one JSON object a line,
/// in the contract's shape (`Event`'s encoding: keys sorted bytewise, ISO 8601 dates with milliseconds, `test` null when absent).
package struct EventsJSONLWriter: Sendable {
    package init() {}

    /// One event a line; an event of a retried test also has its `attempt`:
    ///
    ///     {"id":"e1","name":"app_open","params":{},"raw":{"name":"app_open"},"receivedAt":"2026-11-21T05:19:59.000Z",…,"test":null}
    package func write(_ record: RunRecord, context: ReportContext) -> Data {
        var bytes: [UInt8] = []
        // About 300 bytes an event, so 100,000 events are not copied as the buffer grows.
        bytes.reserveCapacity(record.events.count * 300)
        for event in record.events {
            event.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }
}
