import Foundation
import TelltaleModel

/// The one JSON form of stored events, as `events.jsonl` holds them: keys sorted bytewise,
/// ISO 8601 dates with milliseconds, `test` null when absent. Lines are written by TelltaleModel's
/// `Event.appendJSON(to:)`, not `JSONEncoder`: every accepted event is encoded on the
/// request's hot path.
enum EventCoding {
    /// For answers to clients (`/_telltale/wait`, queries), which read them with `JSONDecoder`.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// Appends each event as one compact JSON line (with its newline) to `output`.
    static func appendLines(_ events: [Event], to output: inout [UInt8]) {
        // By index: a `for` loop would copy each event (a retain per field) on the hot path.
        for position in events.indices {
            events[position].appendJSON(to: &output)
            output.append(0x0A)
        }
    }
}
