import Foundation
import TelltaleModel

/// Mixpanel's ingestion API. `/track` and `/import` take events `{"event", "properties"}`;
/// `/engage` takes profile updates `{"$token", "$distinct_id", "$set": {...}}`. A body is either
/// a JSON array (the current API) or a form with `data=` holding JSON or base64 JSON (the
/// older one, still used by SDKs); `data` may also come in the query of a GET.
///
/// `/engage` updates become one event per operation, named after it (`$set`, `$add`, …),
/// with the operation's object as params (a list, as `$unset` takes, as `values`) and
/// `$distinct_id` added.
///
///     POST /track   Content-Type: application/x-www-form-urlencoded
///     data=eyJldmVudCI6IlNpZ25lZCBVcCIsInByb3BlcnRpZXMiOnsidG9rZW4iOiJ0IiwiZGlzdGluY3RfaWQiOiJkMSJ9fQ==
///
/// is `{"event":"Signed Up","properties":{"token":"t","distinct_id":"d1"}}` in base64.
enum MixpanelFormat {
    /// The route a request came to, which decides how its items are read and what is answered.
    enum Endpoint: Sendable { case track, engage, `import` }

    static func decode(_ request: IngestRequest, endpoint: Endpoint) throws(CaptureError) -> IngestResult {
        let fields = request.formFields
        // `verbose=1` asks for `{"status":1,"error":null}` in place of the bare `1`.
        let verbose = fields["verbose"] == "1"
        // A body that opens with `[` or `{` is JSON whatever its content type says; anything else
        // is read for a `data=` field, in the form or the query.
        let payload: JSONValue
        let first = request.body.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) })
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            payload = try JSONParser.parse(request.body)
        } else if let data = fields["data"] {
            payload = try JSONParser.parse(jsonOrBase64: data)
        } else {
            throw .badRequest("expected a JSON body or a data= field holding JSON or base64 JSON")
        }
        let items = payload.arrayValue ?? [payload]
        guard !items.isEmpty else { throw .badRequest("no events in the body") }
        var events: [IncomingEvent] = []
        for (offset, item) in items.enumerated() {
            let context = items.count > 1 ? "[\(offset)]" : "body"
            guard let object = item.objectValue else { throw .badRequest("\(context) must be an object, got \(item.typeName)") }
            switch endpoint {
            case .track, .import:
                guard case .string(let name)? = object["event"], !name.isEmpty else { throw .badRequest("\(context) needs a string \"event\"") }
                var params: [String: JSONValue] = [:]
                if let properties = object["properties"], properties != .null {
                    guard let members = properties.objectValue else {
                        throw .badRequest("\(context).properties must be an object, got \(properties.typeName)")
                    }
                    params = members
                }
                events.append(IncomingEvent(name: name, params: params, raw: item))
            case .engage:
                // The update's own fields (`$token`, `$distinct_id`, …) are not operations.
                let operations = object.keys.filter {
                    $0.hasPrefix("$")
                        && !["$token", "$distinct_id", "$time", "$ip", "$ignore_time", "$ignore_alias", "$device_id", "$user_id"].contains($0)
                }.sorted()
                guard !operations.isEmpty else { throw .badRequest("\(context) has no profile operation such as \"$set\"") }
                for operation in operations {
                    var params = object[operation]?.objectValue ?? ["values": object[operation] ?? .null]
                    if let distinct = object["$distinct_id"] { params["$distinct_id"] = distinct }
                    events.append(IncomingEvent(name: operation, params: params, raw: item))
                }
            }
        }
        // `/import` counts the records it took; `/track` and `/engage` answer `1` for success.
        switch endpoint {
        case .import:
            return IngestResult(events: events, answer: .json("{\"code\":200,\"num_records_imported\":\(items.count),\"status\":1}"))
        case .track, .engage:
            return IngestResult(events: events, answer: verbose ? .json("{\"status\":1,\"error\":null}") : .text("1"))
        }
    }
}
