import Foundation
import TelltaleModel

/// Telltale's own `POST /events`: one object, an array, or `{"events": [...]}`;
/// each `{"name", "params"?, "timestamp"?, "test"?}` (`test`: the id of the test that sent it).
///
///     POST /s/worker-1/events
///     {"name":"signup","params":{"plan":"pro"},"test":"Shop.CartTests/testAdd"}
///
/// `TelltaleTracker` sends this format. Answers `{"accepted":N}`.
enum NativeFormat {
    static func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        let body = try JSONParser.parse(request.body)
        let items: [JSONValue]
        switch body {
        case .array(let elements): items = elements
        case .object(let members):
            if let events = members["events"] {
                guard let elements = events.arrayValue else { throw .badRequest("\"events\" must be an array, got \(events.typeName)") }
                items = elements
            } else {
                items = [body]
            }
        default: throw .badRequest("expected an event object, an array of them or {\"events\": [...]}, got \(body.typeName)")
        }
        guard !items.isEmpty else { throw .badRequest("no events in the body") }
        var events: [IncomingEvent] = []
        events.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            let context = items.count > 1 ? "events[\(offset)]" : "event"
            guard let object = item.objectValue else { throw .badRequest("\(context) must be an object, got \(item.typeName)") }
            guard case .string(let name)? = object["name"], !name.isEmpty else {
                throw .badRequest("\(context) needs a non-empty string \"name\"")
            }
            var params: [String: JSONValue] = [:]
            if let given = object["params"], given != .null {
                guard let members = given.objectValue else { throw .badRequest("\(context).params must be an object, got \(given.typeName)") }
                params = members
            }
            // The sender's timestamp is only checked for its type and kept in `raw`: the store stamps
            // each event with its arrival.
            if let timestamp = object["timestamp"], timestamp != .null, timestamp.stringValue == nil, timestamp.doubleValue == nil {
                throw .badRequest("\(context).timestamp must be an ISO 8601 string or a number, got \(timestamp.typeName)")
            }
            // The event's own test, which wins over the test the session is running (`tests/begin`).
            var test: TestID?
            if let tag = object["test"], tag != .null {
                guard case .string(let id) = tag, !id.isEmpty else {
                    throw .badRequest("\(context).test must be a test id string, got \(tag.typeName)")
                }
                test = TestID(id)
            }
            events.append(IncomingEvent(name: name, params: params, raw: item, test: test))
        }
        return IngestResult(events: events, answer: .accepted(events.count))
    }
}
