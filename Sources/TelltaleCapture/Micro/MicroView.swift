import Foundation
import TelltaleModel
import TelltaleVerify

/// The captured Snowplow events as Snowplow Micro sees them: good ones, and bad ones (a request
/// that could not be read, an event that breaks the tracker protocol or its schema), newest
/// first, in the JSON shapes Micro's REST API answers with.
///
/// Schemas come from the tracking plan (`--catalog`): a self-describing event is bad when it
/// breaks the plan (or the plan has no schema for it); a context is checked when the plan has
/// its schema. Without a plan no schema is checked.
struct MicroView {
    /// An event that kept the protocol and its schemas, with what `/micro/good` filters on.
    struct Good {
        /// `page_view`, `struct`, `unstruct`, … (`event_type`).
        var eventType: String?
        /// The event's Iglu URI (`schema`).
        var schema: String?
        /// The attached contexts' Iglu URIs (`contexts`).
        var contexts: [String]
        /// Micro's `GoodEvent`: `rawEvent`, `eventType`, `schema`, `contexts` and the canonical `event`.
        var json: JSONValue
    }

    /// A bad event or bad request, with what `/micro/bad` filters on.
    struct Bad {
        var vendor: String
        /// `tp2` for a POST's events, `tp1` for the pixel `GET /i`.
        var version: String
        /// Micro's `BadEvent`: the `collectorPayload`, the `rawEvent` (null when none could be
        /// read) and the bad row among its `errors`.
        var json: JSONValue
    }

    private(set) var good: [Good] = []
    private(set) var bad: [Bad] = []

    static let vendor = "com.snowplowanalytics.snowplow"

    init(events: [(event: Event, violations: [CatalogViolation]?)], badCaptures: [BadCapture], plan: TrackingPlanCheck?) {
        // Bad events and bad captures are merged by time; good ones are already newest first.
        var bad: [(Date, Bad)] = []
        for (event, violations) in events.reversed() {
            let payload = MicroPayload(raw: event.raw)
            let raw = Self.rawEvent(payload, event: event)
            let reports = Self.schemaReports(payload, violations: violations, plan: plan)
            if payload.protocolErrors.isEmpty, reports.isEmpty {
                good.append(
                    Good(
                        eventType: payload.eventType, schema: payload.schema, contexts: payload.contextSchemas,
                        json: [
                            "rawEvent": raw, "eventType": payload.eventType.map(JSONValue.string) ?? .null,
                            "schema": payload.schema.map(JSONValue.string) ?? .null, "contexts": .array(payload.contextSchemas.map(JSONValue.string)),
                            "event": MicroCanonicalEvent.json(payload, event: event),
                        ]))
                continue
            }
            let row =
                reports.isEmpty
                ? Self.badRow(
                    "tracker_protocol_violations", at: event.receivedAt, messages: payload.protocolErrors.map { ["expectation": .string($0)] })
                : Self.badRow("schema_violations", at: event.receivedAt, messages: reports)
            let collectorPayload: JSONValue = [
                "api": Self.api("tp2"), "querystring": [], "contentType": "application/json", "body": .string(event.raw.jsonText()),
                "source": Self.source, "context": Self.context(event.receivedAt, userAgent: payload.fields["ua"]),
            ]
            bad.append(
                (
                    event.receivedAt,
                    Bad(
                        vendor: Self.vendor, version: "tp2",
                        json: [
                            "collectorPayload": collectorPayload, "rawEvent": raw,
                            "errors": ["Error while validating the event.", .string(row.jsonText())],
                        ])
                ))
        }
        // A Snowplow request that could not be read at all is an adapter failure: it has no raw event.
        for capture in badCaptures where IngestRoute.match(path: capture.path)?.source == .snowplow {
            let version = capture.path == "/i" ? "tp1" : "tp2"
            let collectorPayload: JSONValue = [
                "api": Self.api(version), "querystring": [], "contentType": capture.contentType.map(JSONValue.string) ?? .null,
                "body": .string(capture.bodySample), "source": Self.source, "context": Self.context(capture.receivedAt, userAgent: nil),
            ]
            let row = Self.badRow("adapter_failures", at: capture.receivedAt, messages: [["expectation": .string(capture.reason)]])
            bad.append(
                (
                    capture.receivedAt,
                    Bad(
                        vendor: Self.vendor, version: version,
                        json: [
                            "collectorPayload": collectorPayload, "rawEvent": .null,
                            "errors": ["Error while extracting event(s) from collector payload and validating it/them.", .string(row.jsonText())],
                        ])
                ))
        }
        self.bad = bad.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// `{"total", "good", "bad"}`.
    var summary: JSONValue {
        ["total": .number(Double(good.count + bad.count)), "good": .number(Double(good.count)), "bad": .number(Double(bad.count))]
    }

    /// How the event breaks its schemas, as bad rows report it: the event's tracking-plan
    /// violations (for a self-describing event, being unplanned too), and its contexts'.
    private static func schemaReports(_ payload: MicroPayload, violations: [CatalogViolation]?, plan: TrackingPlanCheck?) -> [JSONValue] {
        var reports: [JSONValue] = []
        // An unplanned page view or structured event is not bad: only a self-describing event needs a schema.
        let relevant = (violations ?? []).filter { $0.kind != .unplannedEvent || payload.eventType == "unstruct" }
        if !relevant.isEmpty {
            reports.append(
                report(
                    payload.schema, error: relevant.contains { $0.kind == .unplannedEvent } ? "ResolutionError" : "ValidationError",
                    messages: relevant.map { ($0.message, $0.path, $0.kind) }))
        }
        for context in payload.contexts {
            guard let schema = context["schema"]?.stringValue,
                let found = plan?.violations(ofSelfDescribing: context["data"] ?? .null, schema: schema),
                !found.isEmpty
            else { continue }
            reports.append(report(schema, error: "ValidationError", messages: found.map { ("\($0)", $0.path, $0.kind) }))
        }
        return reports
    }

    private static func report(_ schema: String?, error: String, messages: [(String, String, CatalogViolation.Kind)]) -> JSONValue {
        [
            "schemaKey": schema.map(JSONValue.string) ?? .null,
            "error": [
                "error": .string(error),
                "dataReports": .array(
                    messages.map { message, path, kind in
                        [
                            "message": .string(message), "path": .string(path.isEmpty ? "$" : "$.\(path)"), "keyword": .string(keyword(kind)),
                            "targets": [],
                        ]
                    }),
            ],
        ]
    }

    /// The JSON Schema keyword a data report names for each kind of violation.
    private static func keyword(_ kind: CatalogViolation.Kind) -> String {
        switch kind {
        case .unplannedEvent: "$ref"
        case .missingRequired: "required"
        case .typeMismatch: "type"
        case .extraProperty: "additionalProperties"
        case .enumMismatch: "enum"
        case .patternMismatch: "pattern"
        case .formatMismatch: "format"
        case .outOfRange: "minimum"
        case .ambiguousMatch: "oneOf"
        }
    }

    /// A bad row in Snowplow's self-describing shape (`iglu:…badrows/KIND/jsonschema/…`).
    private static func badRow(_ kind: String, at time: Date, messages: [JSONValue]) -> JSONValue {
        [
            "schema": .string("iglu:com.snowplowanalytics.snowplow.badrows/\(kind)/jsonschema/2-0-0"),
            "data": [
                "processor": ["artifact": "telltale", "version": "1"],
                "failure": ["timestamp": .string(ISO8601Timestamp.string(from: time)), "messages": .array(messages)],
            ],
        ]
    }

    /// Micro's `RawEvent`: the tracker's fields as it sent them, and where they came from.
    private static func rawEvent(_ payload: MicroPayload, event: Event) -> JSONValue {
        [
            "api": api("tp2"), "parameters": .object(payload.fields.mapValues(JSONValue.string)), "contentType": "application/json",
            "source": source, "context": context(event.receivedAt, userAgent: payload.fields["ua"]),
        ]
    }

    private static func api(_ version: String) -> JSONValue { ["vendor": .string(vendor), "version": .string(version)] }

    /// The collector Micro would name; here the capture server.
    private static let source: JSONValue = ["name": "telltale", "encoding": "UTF-8", "hostname": .null]

    /// The collector's record of the request: its time and user agent; what the capture server
    /// does not keep (IP address, headers) is null or empty.
    private static func context(_ time: Date, userAgent: String?) -> JSONValue {
        [
            "timestamp": .string(ISO8601Timestamp.string(from: time)), "ipAddress": .null, "useragent": userAgent.map(JSONValue.string) ?? .null,
            "refererUri": .null, "headers": [], "userId": .null,
        ]
    }
}
