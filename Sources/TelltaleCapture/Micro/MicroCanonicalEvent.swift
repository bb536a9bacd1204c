import Foundation
import TelltaleModel

/// Snowplow's canonical event (the Scala Analytics SDK's `Event`, as Micro answers it) made from
/// the tracker protocol's fields, as Snowplow's enrichment maps them with every enrichment off:
/// each of the 131 fields present, `null` when the event has no value for it.
enum MicroCanonicalEvent {
    /// The fields, in the SDK's order.
    static let fieldNames = [
        "app_id", "platform", "etl_tstamp", "collector_tstamp", "dvce_created_tstamp", "event", "event_id", "txn_id", "name_tracker",
        "v_tracker", "v_collector", "v_etl", "user_id", "user_ipaddress", "user_fingerprint", "domain_userid", "domain_sessionidx",
        "network_userid", "geo_country", "geo_region", "geo_city", "geo_zipcode", "geo_latitude", "geo_longitude", "geo_region_name",
        "ip_isp", "ip_organization", "ip_domain", "ip_netspeed", "page_url", "page_title", "page_referrer", "page_urlscheme",
        "page_urlhost", "page_urlport", "page_urlpath", "page_urlquery", "page_urlfragment", "refr_urlscheme", "refr_urlhost",
        "refr_urlport", "refr_urlpath", "refr_urlquery", "refr_urlfragment", "refr_medium", "refr_source", "refr_term", "mkt_medium",
        "mkt_source", "mkt_term", "mkt_content", "mkt_campaign", "contexts", "se_category", "se_action", "se_label", "se_property",
        "se_value", "unstruct_event", "tr_orderid", "tr_affiliation", "tr_total", "tr_tax", "tr_shipping", "tr_city", "tr_state",
        "tr_country", "ti_orderid", "ti_sku", "ti_name", "ti_category", "ti_price", "ti_quantity", "pp_xoffset_min", "pp_xoffset_max",
        "pp_yoffset_min", "pp_yoffset_max", "useragent", "br_name", "br_family", "br_version", "br_type", "br_renderengine", "br_lang",
        "br_features_pdf", "br_features_flash", "br_features_java", "br_features_director", "br_features_quicktime",
        "br_features_realplayer", "br_features_windowsmedia", "br_features_gears", "br_features_silverlight", "br_cookies",
        "br_colordepth", "br_viewwidth", "br_viewheight", "os_name", "os_family", "os_manufacturer", "os_timezone", "dvce_type",
        "dvce_ismobile", "dvce_screenwidth", "dvce_screenheight", "doc_charset", "doc_width", "doc_height", "tr_currency",
        "tr_total_base", "tr_tax_base", "tr_shipping_base", "ti_currency", "ti_price_base", "base_currency", "geo_timezone",
        "mkt_clickid", "mkt_network", "etl_tags", "dvce_sent_tstamp", "refr_domain_userid", "refr_dvce_tstamp", "derived_contexts",
        "domain_sessionid", "derived_tstamp", "event_vendor", "event_name", "event_format", "event_version", "event_fingerprint",
        "true_tstamp",
    ]

    /// Tracker protocol field → canonical field, for the fields copied as text.
    static let textFields = [
        "aid": "app_id", "p": "platform", "tna": "name_tracker", "tv": "v_tracker", "uid": "user_id", "ip": "user_ipaddress",
        "fp": "user_fingerprint", "duid": "domain_userid", "url": "page_url", "page": "page_title", "refr": "page_referrer",
        "se_ca": "se_category", "se_ac": "se_action", "se_la": "se_label", "se_pr": "se_property", "tr_id": "tr_orderid",
        "tr_af": "tr_affiliation", "tr_ci": "tr_city", "tr_st": "tr_state", "tr_co": "tr_country", "ti_id": "ti_orderid",
        "ti_sk": "ti_sku", "ti_nm": "ti_name", "ti_na": "ti_name", "ti_ca": "ti_category", "ua": "useragent", "lang": "br_lang",
        "cd": "br_colordepth", "tz": "os_timezone", "cs": "doc_charset", "tr_cu": "tr_currency", "ti_cu": "ti_currency",
        "sid": "domain_sessionid",
    ]
    static let numberFields = [
        "se_va": "se_value", "tr_tt": "tr_total", "tr_tx": "tr_tax", "tr_sh": "tr_shipping", "ti_pr": "ti_price",
    ]
    static let integerFields = [
        "tid": "txn_id", "vid": "domain_sessionidx", "ti_qu": "ti_quantity", "pp_mix": "pp_xoffset_min", "pp_max": "pp_xoffset_max",
        "pp_miy": "pp_yoffset_min", "pp_may": "pp_yoffset_max",
    ]
    static let booleanFields = [
        "f_pdf": "br_features_pdf", "f_fla": "br_features_flash", "f_java": "br_features_java", "f_dir": "br_features_director",
        "f_qt": "br_features_quicktime", "f_realp": "br_features_realplayer", "f_wma": "br_features_windowsmedia",
        "f_gears": "br_features_gears", "f_ag": "br_features_silverlight", "cookie": "br_cookies",
    ]

    static func json(_ payload: MicroPayload, event: Event) -> JSONValue {
        var fields = Dictionary(uniqueKeysWithValues: fieldNames.map { ($0, JSONValue.null) })
        let p = payload.fields
        for (from, to) in textFields { if let value = p[from] { fields[to] = .string(value) } }
        for (from, to) in numberFields { if let value = p[from].flatMap(Double.init) { fields[to] = .number(value) } }
        for (from, to) in integerFields { if let value = p[from].flatMap(Int64.init) { fields[to] = .number(Double(value)) } }
        for (from, to) in booleanFields { if let value = p[from] { fields[to] = .bool(value == "1") } }
        fields["network_userid"] = (p["nuid"] ?? p["tnuid"]).map(JSONValue.string) ?? .null
        fields["event"] = payload.eventType.map(JSONValue.string) ?? .null
        // The event's own id, else one made from its capture id, so it is the same at every query.
        fields["event_id"] = .string(p["eid"].flatMap { UUID(uuidString: $0)?.uuidString.lowercased() } ?? syntheticID(event.id))
        fields["v_collector"] = "telltale"
        fields["v_etl"] = "telltale"
        let collected = event.receivedAt
        fields["collector_tstamp"] = .string(ISO8601Timestamp.string(from: collected))
        fields["etl_tstamp"] = .string(ISO8601Timestamp.string(from: collected))
        let created = timestamp(p["dtm"])
        let sent = timestamp(p["stm"])
        let truth = timestamp(p["ttm"])
        fields["dvce_created_tstamp"] = created.map(JSONValue.string) ?? .null
        fields["dvce_sent_tstamp"] = sent.map(JSONValue.string) ?? .null
        fields["true_tstamp"] = truth.map(JSONValue.string) ?? .null
        fields["derived_tstamp"] = .string(truth ?? derived(collected: collected, created: p["dtm"], sent: p["stm"]))
        split(p["res"], into: ("dvce_screenwidth", "dvce_screenheight"), &fields)
        split(p["vp"], into: ("br_viewwidth", "br_viewheight"), &fields)
        split(p["ds"], into: ("doc_width", "doc_height"), &fields)
        url(p["url"], prefix: "page_url", &fields)
        url(p["refr"], prefix: "refr_url", &fields)
        fields["contexts"] =
            payload.contexts.isEmpty
            ? .object([:]) : ["schema": "iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0", "data": .array(payload.contexts)]
        fields["derived_contexts"] = .object([:])
        if payload.eventType == "unstruct", let unstructured = payload.unstructured {
            fields["unstruct_event"] = ["schema": "iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0", "data": unstructured]
        }
        if let key = payload.schema.flatMap(IgluSchemaKey.init(uri:)) {
            fields["event_vendor"] = .string(key.vendor)
            fields["event_name"] = .string(key.name)
            fields["event_format"] = .string(key.format)
            fields["event_version"] = .string(key.version)
        }
        return .object(fields)
    }

    /// A capture id (digits) as a UUID: `00000000-0000-4000-8000-000000000042`.
    static func syntheticID(_ id: String) -> String {
        let digits = String(id.filter(\.isNumber).suffix(12))
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    /// Milliseconds since 1970, as trackers send them, in ISO 8601.
    static func timestamp(_ milliseconds: String?) -> String? {
        guard let milliseconds, let value = Int64(milliseconds) else { return nil }
        return ISO8601Timestamp.string(from: Date(timeIntervalSince1970: Double(value) / 1000))
    }

    /// The collector's time less the time the event waited on the device, as enrichment derives it.
    static func derived(collected: Date, created: String?, sent: String?) -> String {
        guard let created = created.flatMap(Int64.init), let sent = sent.flatMap(Int64.init) else {
            return ISO8601Timestamp.string(from: collected)
        }
        return ISO8601Timestamp.string(from: collected.addingTimeInterval(-Double(sent - created) / 1000))
    }

    /// `1920x1080` into two integer fields.
    private static func split(_ text: String?, into names: (String, String), _ fields: inout [String: JSONValue]) {
        let parts = text?.split(separator: "x").compactMap { Int($0) } ?? []
        guard parts.count == 2 else { return }
        fields[names.0] = .number(Double(parts[0]))
        fields[names.1] = .number(Double(parts[1]))
    }

    /// A URL's parts into `PREFIXscheme`, `PREFIXhost`, `PREFIXport` (the scheme's default when
    /// absent), `PREFIXpath`, `PREFIXquery`, `PREFIXfragment`.
    private static func url(_ text: String?, prefix: String, _ fields: inout [String: JSONValue]) {
        guard let text, let components = URLComponents(string: text), let scheme = components.scheme else { return }
        fields[prefix + "scheme"] = .string(scheme)
        fields[prefix + "host"] = components.host.map(JSONValue.string) ?? .null
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        fields[prefix + "port"] = port.map { .number(Double($0)) } ?? .null
        fields[prefix + "path"] = components.path.isEmpty ? .null : .string(components.path)
        fields[prefix + "query"] = components.query.map(JSONValue.string) ?? .null
        fields[prefix + "fragment"] = components.fragment.map(JSONValue.string) ?? .null
    }
}
