import Foundation
import TelltaleModel

/// PostHog's capture API: `/batch/` (the server SDKs: `{"api_key", "batch": [...]}`), and
/// `/capture/`, `/e/`, `/i/v0/e/` (one event, an array, or a batch; posthog-js and mobile SDKs),
/// each with or without its trailing slash but `/batch/` (`/batch` is Amplitude's).
///
/// Bodies: JSON; gzip (`Content-Encoding: gzip`, or `?compression=gzip-js` with the gzip bytes
/// as the body, which `RequestBody` undoes either way); or a form or query with `data=` holding
/// JSON, base64 JSON, or lz-string's base64 (`compression=lz64`).
/// The project key is `api_key` or `token`, at the top of the body, in an event's `properties`,
/// or in the form or query; without one the request is refused with 401, as PostHog does.
///
/// Names: `event`. Params: the event's `properties` as sent (the SDKs' `$lib`, `$os`… included),
/// plus a top-level `$set`/`$set_once`, which PostHog folds into the properties too. Each event
/// needs a `distinct_id` (top-level, or `distinct_id`/`$distinct_id` in its properties).
///
///     POST /batch/
///     {"api_key":"phc_…","batch":[{"event":"signed up","distinct_id":"u1","properties":{"plan":"pro","$lib":"posthog-python"}}]}
enum PostHogFormat {
    static func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        let fields = request.formFields
        let payload = try self.payload(request, fields: fields)
        let items: [JSONValue]
        // The body's top-level members, where the server SDKs put `api_key`; empty for an array.
        var top: [String: JSONValue] = [:]
        switch payload {
        case .array(let elements): items = elements
        case .object(let members):
            top = members
            if let batch = members["batch"] {
                guard let elements = batch.arrayValue else { throw .badRequest("\"batch\" must be an array, got \(batch.typeName)") }
                items = elements
            } else {
                items = [payload]
            }
        default: throw .badRequest("expected an event object, an array of them or {\"batch\": [...]}, got \(payload.typeName)")
        }
        guard !items.isEmpty else { throw .badRequest("no events in the body") }
        guard hasProjectKey(top: top, first: items[0], fields: fields) else {
            throw .rejected(
                status: 401,
                reason: "API key not provided: send the project API key as \"api_key\" or \"token\" in the body, the event's properties or the query")
        }
        var events: [IncomingEvent] = []
        events.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            let context = items.count > 1 || top["batch"] != nil ? "batch[\(offset)]" : "body"
            events.append(try event(item, context: context))
        }
        return IngestResult(events: events, answer: .json("{\"status\":1}"))
    }

    /// The body's JSON, however it was sent.
    private static func payload(_ request: IngestRequest, fields: [String: String]) throws(CaptureError) -> JSONValue {
        let first = request.body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try JSONParser.parse(request.body) }
        guard let data = fields["data"] else {
            throw .badRequest("expected a JSON body, a gzip body or a data= field holding JSON, base64 JSON or lz64 (compression=lz64)")
        }
        guard fields["compression"]?.lowercased() == "lz64" else { return try JSONParser.parse(jsonOrBase64: data) }
        let text: String
        do {
            text = try LZString.decompress(base64: data, limit: request.maxBodySize)
        } catch .tooLarge {
            throw RequestBody.tooLarge(request.maxBodySize, decompressed: true)
        } catch {
            throw .badRequest("data= is not lz-string base64 (compression=lz64)")
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .badRequest("data= is lz-string of something that is not JSON: \(error.errorDescription ?? "")")
        }
    }

    /// Whether the request names a project key anywhere an SDK puts it: one per request, so the
    /// first event stands for a batch.
    private static func hasProjectKey(top: [String: JSONValue], first: JSONValue, fields: [String: String]) -> Bool {
        let candidates = [top["api_key"], top["token"], first["properties"]?["token"], first["api_key"], first["token"]]
        let given = candidates.contains { $0?.stringValue.map { !$0.isEmpty } ?? false }
        return given || [fields["api_key"], fields["token"]].contains { !($0 ?? "").isEmpty }
    }

    private static func event(_ item: JSONValue, context: String) throws(CaptureError) -> IncomingEvent {
        guard let object = item.objectValue else { throw .badRequest("\(context) must be an object, got \(item.typeName)") }
        guard case .string(let name)? = object["event"], !name.isEmpty else {
            throw .badRequest("\(context) needs a non-empty string \"event\"")
        }
        var params: [String: JSONValue] = [:]
        if let properties = object["properties"], properties != .null {
            guard let members = properties.objectValue else {
                throw .badRequest("\(context).properties must be an object, got \(properties.typeName)")
            }
            params = members
        }
        let distinctID = [object["distinct_id"], params["distinct_id"], params["$distinct_id"]].lazy.compactMap { $0 }.first { $0 != .null }
        guard distinctID != nil else {
            throw .badRequest("\(context) needs a \"distinct_id\" (on the event or in its properties)")
        }
        // A `$set` already in the properties is kept over the top-level one.
        for key in ["$set", "$set_once"] where params[key] == nil {
            if let value = object[key], value != .null { params[key] = value }
        }
        return IncomingEvent(name: name, params: params, raw: item)
    }
}
