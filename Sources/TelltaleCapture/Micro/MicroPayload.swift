import Foundation
import TelltaleModel

/// One Snowplow event as its tracker sent it (the tracker protocol's string fields), read the
/// way Snowplow's enrichment reads it: its type, its self-describing event and contexts.
struct MicroPayload {
    /// Every field as a string; a field sent as another JSON type is kept as its JSON text.
    let fields: [String: String]
    /// `e` as the canonical event names it: `page_view`, `struct`, `unstruct`, …
    let eventType: String?
    /// The self-describing event, `{"schema": "iglu:…", "data": {…}}`.
    let unstructured: JSONValue?
    /// The attached contexts, each `{"schema": "iglu:…", "data": {…}}`.
    let contexts: [JSONValue]
    /// What the tracker protocol does not allow (a bad `eid`, a timestamp that is no number).
    let protocolErrors: [String]

    /// The protocol's `e` codes and the names the canonical event gives them.
    static let eventTypes = [
        "pv": "page_view", "pp": "page_ping", "se": "struct", "ue": "unstruct", "tr": "transaction", "ti": "transaction_item",
    ]

    init(raw: JSONValue) {
        var fields: [String: String] = [:]
        for (key, value) in raw.objectValue ?? [:] { fields[key] = value.stringValue ?? value.jsonText() }
        self.fields = fields
        eventType = fields["e"].flatMap { Self.eventTypes[$0] }
        var errors: [String] = []
        unstructured = Self.selfDescribing(fields, json: "ue_pr", base64: "ue_px", errors: &errors)?["data"]
        contexts = Self.selfDescribing(fields, json: "co", base64: "cx", errors: &errors)?["data"]?.arrayValue ?? []
        if let id = fields["eid"], UUID(uuidString: id) == nil { errors.append("eid: '\(id)' is not a UUID") }
        // Timestamps in milliseconds, the visit index and the transaction id must be integers.
        for key in ["dtm", "stm", "ttm", "vid", "tid"] where fields[key].map({ Int64($0) == nil }) == true {
            errors.append("\(key): '\(fields[key]!)' is not an integer")
        }
        protocolErrors = errors
    }

    /// The event's schema: its self-describing event's, or the one Snowplow gives each type.
    var schema: String? {
        if eventType == "unstruct" { return unstructured?["schema"]?.stringValue }
        return eventType.flatMap { type in
            type == "struct" ? "iglu:com.google.analytics/event/jsonschema/1-0-0" : "iglu:com.snowplowanalytics.snowplow/\(type)/jsonschema/1-0-0"
        }
    }

    /// The contexts' Iglu URIs, in the order they were attached.
    var contextSchemas: [String] { contexts.compactMap { $0["schema"]?.stringValue } }

    /// The self-describing JSON in the field `json` (`ue_pr`, `co`), else in `base64` (`ue_px`, `cx`);
    /// nil when neither is there, with an error when the one there cannot be read.
    private static func selfDescribing(_ fields: [String: String], json: String, base64: String, errors: inout [String]) -> JSONValue? {
        if let text = fields[json] {
            guard let value = try? JSONValue(parsing: text) else {
                errors.append("\(json): not JSON")
                return nil
            }
            return value
        }
        guard let encoded = fields[base64] else { return nil }
        guard let data = Base64.decode(encoded), let value = try? JSONValue(parsing: data) else {
            errors.append("\(base64): not base64-encoded JSON")
            return nil
        }
        return value
    }
}
