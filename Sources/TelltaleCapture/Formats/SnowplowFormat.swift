import Foundation
import TelltaleModel

/// Snowplow's tracker protocol: `POST /com.snowplowanalytics.snowplow/tp2` with
/// `{"schema": "iglu:…/payload_data/…", "data": [{…}, …]}`, and `GET /i?e=…` (one event in the query).
///
/// Names and params per event type `e`:
/// - `se` structured: named after `se_ac` (the action); params `category`, `action`, `label`,
///   `property`, `value` (a number);
/// - `ue` self-describing: named after the inner schema's name (`iglu:com.acme/link_click/…`
///   → `link_click`), params its `data`, plus `$schema`; from `ue_pr` (JSON) or `ue_px`
///   (base64, standard or URL-safe, padded or not);
/// - `pv` page view → `page_view` with `url`, `title`, `referrer`; `pp` → `page_ping`;
///   `tr`/`ti` → `transaction`/`transaction_item` with their fields.
///
///     {"schema":"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4","data":[
///       {"e":"se","se_ca":"shop","se_ac":"add-to-basket","se_la":"sku-1","se_va":"2","p":"web","tv":"py-1.0.0"}]}
///
/// is one event `add-to-basket` with params `category`, `action`, `label` and `value` 2.
enum SnowplowFormat {
    /// `pixel`: the request is `GET /i`, its one event the query's fields.
    static func decode(_ request: IngestRequest, pixel: Bool) throws(CaptureError) -> IngestResult {
        let payloads: [JSONValue]
        if pixel {
            guard !request.query.isEmpty else { throw .badRequest("GET /i needs the event in the query string") }
            payloads = [.object(request.query.mapValues(JSONValue.string))]
        } else {
            let body = try JSONParser.parse(request.body)
            guard let object = body.objectValue else { throw .badRequest("expected a payload_data object, got \(body.typeName)") }
            guard case .string(let schema)? = object["schema"], schema.hasPrefix("iglu:com.snowplowanalytics.snowplow/payload_data/") else {
                throw .badRequest("expected \"schema\": \"iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-x\"")
            }
            guard let data = object["data"]?.arrayValue, !data.isEmpty else { throw .badRequest("\"data\" must be a non-empty array") }
            payloads = data
        }
        var events: [IncomingEvent] = []
        for (offset, payload) in payloads.enumerated() {
            let context = pixel ? "query" : "data[\(offset)]"
            guard let fields = payload.objectValue else { throw .badRequest("\(context) must be an object, got \(payload.typeName)") }
            // The tracker protocol sends every field as a string, numbers included (`"se_va":"2"`),
            // as a pixel's query must; any other type is refused.
            var strings: [String: String] = [:]
            for (key, value) in fields {
                guard let text = value.stringValue else { throw .badRequest("\(context).\(key) must be a string, got \(value.typeName)") }
                strings[key] = text
            }
            let (name, params) = try normalise(strings, context: context)
            events.append(IncomingEvent(name: name, params: params, raw: payload))
        }
        if pixel {
            return IngestResult(events: events, answer: IngestAnswer(status: 200, contentType: "image/gif", body: transparentGIF))
        }
        return IngestResult(events: events, answer: .text("ok"))
    }

    /// The event's name and params from its fields, by its type `e`; the fields every event has
    /// (`p`, `tv`, `eid`, …) are left to `raw`.
    private static func normalise(_ fields: [String: String], context: String) throws(CaptureError) -> (String, [String: JSONValue]) {
        guard let type = fields["e"] else { throw .badRequest("\(context) has no event type \"e\"") }
        switch type {
        case "se":
            guard let action = fields["se_ac"], !action.isEmpty, let category = fields["se_ca"], !category.isEmpty else {
                throw .badRequest("\(context): a structured event needs se_ca and se_ac")
            }
            var params: [String: JSONValue] = ["category": .string(category), "action": .string(action)]
            if let label = fields["se_la"] { params["label"] = .string(label) }
            if let property = fields["se_pr"] { params["property"] = .string(property) }
            if let value = fields["se_va"] {
                guard let number = Double(value) else { throw .badRequest("\(context): se_va must be a number, got \(value)") }
                params["value"] = .number(number)
            }
            return (action, params)
        case "ue":
            // The envelope is `unstruct_event`'s: `{"schema":"iglu:…/unstruct_event/…","data":{"schema":
            // "iglu:com.acme/link_click/jsonschema/1-0-0","data":{"target":"https://x.test"}}}`.
            let envelope: JSONValue
            if let json = fields["ue_pr"] {
                envelope = try JSONParser.parse(json)
            } else if let encoded = fields["ue_px"] {
                guard let data = Base64.decode(encoded) else { throw .badRequest("\(context): ue_px is not base64") }
                envelope = try JSONParser.parse(data)
            } else {
                throw .badRequest("\(context): a self-describing event needs ue_pr or ue_px")
            }
            guard let inner = envelope["data"], case .string(let schema)? = inner["schema"] else {
                throw .badRequest("\(context): the self-describing event has no data.schema")
            }
            guard let name = schemaName(schema) else { throw .badRequest("\(context): \(schema) is not an iglu: schema URI") }
            var params = inner["data"]?.objectValue ?? [:]
            params["$schema"] = .string(schema)
            return (name, params)
        case "pv":
            var params: [String: JSONValue] = [:]
            if let url = fields["url"] { params["url"] = .string(url) }
            if let title = fields["page"] { params["title"] = .string(title) }
            if let referrer = fields["refr"] { params["referrer"] = .string(referrer) }
            return ("page_view", params)
        case "pp":
            var params: [String: JSONValue] = [:]
            if let url = fields["url"] { params["url"] = .string(url) }
            for key in ["pp_mix", "pp_max", "pp_miy", "pp_may"] { if let value = fields[key].flatMap(Double.init) { params[key] = .number(value) } }
            return ("page_ping", params)
        case "tr", "ti":
            let prefix = type + "_"
            var params: [String: JSONValue] = [:]
            // `tr_id`, `tr_tt`, … become `id`, `tt`, …; a value that reads as a number is one.
            for (key, value) in fields where key.hasPrefix(prefix) {
                params[String(key.dropFirst(prefix.count))] = Double(value).map(JSONValue.number) ?? .string(value)
            }
            return (type == "tr" ? "transaction" : "transaction_item", params)
        default:
            throw .badRequest("\(context): unknown event type e=\(type)")
        }
    }

    /// `iglu:com.acme/link_click/jsonschema/1-0-0` → `link_click`.
    static func schemaName(_ uri: String) -> String? {
        guard uri.hasPrefix("iglu:") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/")
        guard parts.count == 4, !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }

    /// The 1×1 transparent GIF a collector answers `GET /i` with.
    static let transparentGIF = Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")!
}
