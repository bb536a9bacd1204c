import Foundation
import TelltaleModel

/// The one JSON form of stored events and of the control API's answers, as `events.jsonl` holds
/// them: keys sorted bytewise, ISO 8601 dates with milliseconds (read with or without), `test`
/// null when absent. Lines are written by TelltaleModel's `Event.appendJSON(to:)`: every accepted
/// event is encoded on the request's hot path. Everything else goes through the same engine
/// (`JSONValueEncoder`/`JSONValueDecoder`), so an answer's dates are the log's.
enum EventCoding {
    /// For answers to clients (`/_telltale/wait`, `/_telltale/bad`, the inspector's frames).
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONValueEncoder().serialize(value)
    }

    /// For request bodies (`/_telltale/wait`).
    static func decode<T: Decodable>(_ type: T.Type, from body: some Collection<UInt8>) throws -> T {
        try JSONValueDecoder().decode(type, from: body)
    }

    /// Appends each event as one compact JSON line (with its newline) to `output`.
    static func appendLines(_ events: [Event], to output: inout [UInt8]) {
        // By index: a `for` loop would copy each event (a retain per field) on the hot path.
        for position in events.indices {
            events[position].appendJSON(to: &output)
            output.append(0x0A)
        }
    }
}
