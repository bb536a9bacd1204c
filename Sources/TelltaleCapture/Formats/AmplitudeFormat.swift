import Foundation
import TelltaleModel

/// Amplitude's HTTP API v2 (`/2/httpapi`) and Batch API (`/batch`):
/// `{"api_key", "events": [{"event_type", "user_id" | "device_id", "event_properties"}]}`.
/// Answers as Amplitude does: `{"code": 200, "events_ingested": N, ...}`.
///
///     POST /2/httpapi
///     {"api_key":"k","events":[{"user_id":"u1","event_type":"Button Clicked","event_properties":{"color":"blue"}}]}
///
/// A refusal's text follows Amplitude's 400 answers (`missing_field: api_key`), so an SDK's log
/// reads as it would against Amplitude.
enum AmplitudeFormat {
    static func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        let body: JSONValue
        if request.contentType.contains("x-www-form-urlencoded"), let form = request.formFields["events"] {
            // The older form encoding: api_key=…&events=[…]
            let events = try JSONParser.parse(form)
            body = .object(["api_key": request.formFields["api_key"].map(JSONValue.string) ?? .null, "events": events])
        } else {
            body = try JSONParser.parse(request.body)
        }
        guard let object = body.objectValue else { throw .badRequest("expected a JSON object, got \(body.typeName)") }
        guard case .string(let key)? = object["api_key"], !key.isEmpty else {
            throw .badRequest("Invalid or missing api_key (missing_field: api_key)")
        }
        guard let items = object["events"]?.arrayValue, !items.isEmpty else {
            throw .badRequest("Request missing required field: events (missing_field: events)")
        }
        var events: [IncomingEvent] = []
        for (offset, item) in items.enumerated() {
            guard let event = item.objectValue else { throw .badRequest("events[\(offset)] must be an object, got \(item.typeName)") }
            guard case .string(let name)? = event["event_type"], !name.isEmpty else {
                throw .badRequest("events[\(offset)] is missing required field event_type")
            }
            guard event["user_id"].map({ $0 != .null }) == true || event["device_id"].map({ $0 != .null }) == true else {
                throw .badRequest("events[\(offset)] needs user_id or device_id")
            }
            var params: [String: JSONValue] = [:]
            if let properties = event["event_properties"], properties != .null {
                guard let members = properties.objectValue else {
                    throw .badRequest("events[\(offset)].event_properties must be an object, got \(properties.typeName)")
                }
                params = members
            }
            events.append(IncomingEvent(name: name, params: params, raw: item))
        }
        // Amplitude's answer also gives the body's size and the upload time, in milliseconds since 1970.
        let uploadTime = Int(Date().timeIntervalSince1970 * 1000)
        return IngestResult(
            events: events,
            answer: .json(
                "{\"code\":200,\"events_ingested\":\(events.count),\"payload_size_bytes\":\(request.body.count),\"server_upload_time\":\(uploadTime)}"
            )
        )
    }
}
