import Foundation
import Hummingbird
import TelltaleModel

/// Snowplow Micro's REST API (`/micro/…`), so a suite written against Micro runs against the
/// capture server unchanged. With the `/s/{session}` prefix a route sees that session only;
/// without it, every session.
extension CaptureResponder {
    /// Answers one `/micro/…` route. Filters come as Micro takes them, in the query or as a POST's
    /// JSON body (`{"event_type":"ue","schema":"iglu:com.acme/link_click/jsonschema/1-0-0","limit":10}`),
    /// the body's winning where both name one.
    func micro(_ request: Request, session: String?, path: String) async -> Response {
        let method = request.method.rawValue
        var filters = Self.query(request.uri.query).mapValues(JSONValue.string)
        if method == "POST" {
            var request = request
            let body = (try? await request.collectBody(upTo: maxBodySize)).map { Data(buffer: $0) } ?? Data()
            if !body.isEmpty {
                guard case .object(let members)? = try? JSONValue(parsing: body) else {
                    return Self.json(["error": .string("expected a JSON object of filters")], status: 400)
                }
                filters.merge(members) { _, body in body }
            }
        }
        switch (method, path) {
        case ("GET", "/micro/all"), ("POST", "/micro/all"):
            return Self.micro(view(session: session).summary)
        case ("GET", "/micro/good"), ("POST", "/micro/good"):
            // `contexts` is a JSON list in a body, a comma-separated list in a query; an event must
            // carry every one named.
            let contexts = filters["contexts"].map { value in
                value.arrayValue?.compactMap(\.stringValue) ?? (value.stringValue?.split(separator: ",").map(String.init) ?? [])
            }
            let good = view(session: session).good.filter { event in
                (filters["event_type"]?.stringValue).map { $0 == event.eventType } ?? true
                    && (filters["schema"]?.stringValue).map { $0 == event.schema } ?? true
                    && (contexts ?? []).allSatisfy(event.contexts.contains)
            }
            return Self.micro(.array(good.prefix(Self.limit(filters)).map(\.json)))
        case ("GET", "/micro/bad"), ("POST", "/micro/bad"):
            let bad = view(session: session).bad.filter { event in
                (filters["vendor"]?.stringValue).map { $0 == event.vendor } ?? true
                    && (filters["version"]?.stringValue).map { $0 == event.version } ?? true
            }
            return Self.micro(.array(bad.prefix(Self.limit(filters)).map(\.json)))
        case ("GET", "/micro/reset"), ("POST", "/micro/reset"):
            store.reset(session: session)
            return Self.micro(view(session: session).summary)
        case ("GET", _) where path.hasPrefix("/micro/iglu/"):
            return igluSchema(String(path.dropFirst("/micro/iglu/".count)))
        default:
            return Self.response(
                .text("Supported endpoints: /micro/all, /micro/good, /micro/bad, /micro/reset, /micro/iglu; see Docs/Capture.md", status: 404))
        }
    }

    /// Micro's view of the session's Snowplow events (or every session's), checked against the
    /// tracking plan when there is one, with the bad captures beside them.
    private func view(session: String?) -> MicroView {
        let events = store.checked(store.query(EventFilter(session: session, source: .snowplow)))
        return MicroView(events: events, badCaptures: store.bad(session: session), plan: store.trackingPlan)
    }

    /// `VENDOR/NAME/jsonschema/VERSION`: the tracking plan's Iglu schema, as written.
    private func igluSchema(_ key: String) -> Response {
        guard let key = IgluSchemaKey(uri: "iglu:" + key) else {
            return Self.response(
                .text("Schema lookup should be in format iglu/{vendor}/{schemaName}/jsonschema/{model}-{revision}-{addition}", status: 404))
        }
        guard let document = store.trackingPlan?.igluDocument(key.uri) else {
            return Self.json(["error": .string("no schema \(key.uri) in the tracking plan (start the server with --catalog FOLDER)")], status: 404)
        }
        return Self.micro(document)
    }

    /// `limit` as a number or a query's string; no limit when absent or unreadable.
    private static func limit(_ filters: [String: JSONValue]) -> Int {
        switch filters["limit"] {
        case .number(let number)?: max(0, Int(number))
        case .string(let text)?: Int(text).map { max(0, $0) } ?? Int.max
        default: Int.max
        }
    }

    private static func micro(_ value: JSONValue) -> Response {
        response(.json(value.compactText))
    }
}
