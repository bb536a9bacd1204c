import Foundation
import TelltaleModel

/// Writes `events.jsonl`: every captured event, in arrival order, as one JSON object a line,
/// in the contract's shape (`Event`'s encoding: sorted keys, ISO 8601 dates, `test` null when absent).
public struct EventsJSONLWriter: Sendable {
    public init() {}

    public func write(_ record: RunRecord, context: ReportContext) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = Data()
        data.reserveCapacity(record.events.count * 300)
        for event in record.events {
            // An Event holds only strings, dates and JSON values: encoding it cannot fail.
            guard let line = try? encoder.encode(event) else { continue }
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }
}
