import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

/// Snowplow Micro's REST API on the capture server: a client written to Micro's documentation
/// (Python `requests`, events sent by the real `snowplow-tracker`) gets Micro's counts and shapes.
@Suite(.tags(.medium))
struct MicroAPITests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MicroAPITests/micro_client.py").path

    /// Iglu schemas for the client's events: a link click that needs its target, and a user context.
    static func trackingPlan() throws -> TrackingPlanCheck {
        let schemas = [
            ("link_click", #"{ "targetUrl": { "type": "string", "format": "uri" }, "elementId": { "type": "string" } }"#, #"["targetUrl"]"#),
            ("user", #"{ "id": { "type": "string" } }"#, #"["id"]"#),
        ]
        var library = JSONSchemaLibrary()
        var catalog = EventCatalog(events: [])
        for (name, properties, required) in schemas {
            let key = IgluSchemaKey(vendor: "com.acme", name: name, version: "1-0-0")
            let text = """
                { "$schema": "\(JSONSchemaDialect.igluMetaSchema)",
                  "self": { "vendor": "com.acme", "name": "\(name)", "format": "jsonschema", "version": "1-0-0" },
                  "type": "object", "properties": \(properties), "required": \(required), "additionalProperties": false }
                """
            let document = try JSONSchemaDocument(json: text, uri: key.uri, file: name, defaultDialect: .draft4)
            library.add(document)
            let read = library.schema(in: key.uri)
            let schema = try #require(read)
            catalog.iglu[key] = IgluSchema(key: key, schema: schema, document: document.value)
            catalog.events.append(CatalogEvent(name: name, paramsSchema: schema, iglu: key))
        }
        return try TrackingPlanCheck(catalog: catalog)
    }

    @Test func aMicroClientGetsMicrosCountsAndShapes() async throws {
        let plan = try Self.trackingPlan()
        try await CaptureHarness.with(trackingPlan: plan) { capture async throws in
            let result = try await ChildProcesses.run("python3", [Self.script, capture.base.absoluteString])
            try #require(result.status == 0, "micro_client.py: \(result.stderrText)")
            let seen = try JSONValue(parsing: result.stdout)
            #expect(seen["send_failures"] == [])
            #expect(seen["garbage_status"] == 400)
            #expect(seen["reset_before"] == ["total": 0, "good": 0, "bad": 0])
            #expect(seen["all"] == ["total": 8, "good": 3, "bad": 5])

            // Good events: newest first, each with Micro's five fields.
            let good = try #require(seen["good"]?.arrayElements)
            #expect(good.map { $0["eventType"] } == ["unstruct", "struct", "page_view"])
            #expect(good.allSatisfy { Set($0.objectMembers?.keys ?? [:].keys) == ["rawEvent", "event", "eventType", "schema", "contexts"] })
            let click = good[0]
            #expect(click["schema"] == "iglu:com.acme/link_click/jsonschema/1-0-0")
            #expect(click["contexts"] == ["iglu:com.acme/user/jsonschema/1-0-0"])
            #expect(click["rawEvent"]?["api"] == ["vendor": "com.snowplowanalytics.snowplow", "version": "tp2"])
            #expect(click["rawEvent"]?["parameters"]?["e"] == "ue")
            let event = try #require(click["event"])
            #expect(event.objectMembers?.count == 131)
            #expect(event["event"] == "unstruct")
            #expect(event["app_id"] == "shop")
            #expect(event["name_tracker"] == "micro-test")
            #expect(event["platform"] == "pc")
            #expect(event["event_id"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil)
            #expect(event["event_vendor"] == "com.acme")
            #expect(event["event_name"] == "link_click")
            #expect(event["unstruct_event"]?["schema"] == "iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0")
            #expect(event["unstruct_event"]?["data"]?["data"] == ["targetUrl": "https://example.com"])
            #expect(event["contexts"]?["data"]?[0]?["data"] == ["id": "u-1"])
            #expect(event["dvce_created_tstamp"]?.stringValue?.hasSuffix("Z") == true)
            #expect(event["se_category"] == .null)
            let pageView = good[2]["event"]
            #expect(pageView?["page_url"] == "https://shop.example.com/cart?step=2")
            #expect(pageView?["page_title"] == "Cart")
            #expect(pageView?["page_urlhost"] == "shop.example.com")
            #expect(pageView?["page_urlpath"] == "/cart")
            #expect(pageView?["page_urlquery"] == "step=2")
            #expect(pageView?["contexts"] == [:], "no contexts: an empty object, as the Analytics SDK writes it")
            #expect(pageView?["unstruct_event"] == .null)
            #expect(good[1]["event"]?["se_action"] == "add-to-basket")
            #expect(good[1]["event"]?["se_value"] == 2)
            #expect(good[1]["schema"] == "iglu:com.google.analytics/event/jsonschema/1-0-0")

            // Filters, as POST bodies.
            #expect(seen["good_unstruct"]?.arrayElements?.map { $0["schema"] } == ["iglu:com.acme/link_click/jsonschema/1-0-0"])
            #expect(seen["good_schema"]?.arrayElements?.map { $0["eventType"] } == ["page_view"])
            #expect(seen["good_contexts"]?.arrayElements?.count == 1)
            #expect(seen["good_limit"]?.arrayElements?.map { $0["eventType"] } == ["unstruct"])

            // Bad events: the payload, the raw event when there is one, and errors.
            let bad = try #require(seen["bad"]?.arrayElements)
            #expect(bad.count == 5)
            #expect(bad.allSatisfy { Set($0.objectMembers?.keys ?? [:].keys) == ["collectorPayload", "rawEvent", "errors"] })
            #expect(bad.first?["rawEvent"] == .null, "the newest: the payload that is not JSON")
            #expect(bad.first?["errors"]?[0] == "Error while extracting event(s) from collector payload and validating it/them.")
            let invalid = bad.filter { $0["rawEvent"]?["parameters"]?["ue_px"] != nil || $0["rawEvent"]?["parameters"]?["ue_pr"] != nil }
            #expect(invalid.count == 2)
            #expect(bad.dropFirst().allSatisfy { $0["errors"]?[0] == "Error while validating the event." })
            let reports = bad.compactMap { $0["errors"]?[1]?.stringValue }.joined(separator: "\n")
            #expect(reports.contains("link_click.targetUrl is required (string) but missing"))
            #expect(reports.contains("unknown is not in the tracking plan"))
            #expect(reports.contains("schema_violations"))
            #expect(reports.contains("eid: 'invalidEventId' is not a UUID"))
            #expect(reports.contains(#"id: typeMismatch (expected string, got 5 (number))"#))
            #expect(seen["bad_tp1"]?.arrayElements?.count == 0, "GET /i's events are read as tp2 once decoded")
            #expect(seen["bad_limit"]?.arrayElements?.count == 2)

            // The plan's Iglu schemas, as Micro's Iglu route serves them.
            #expect(seen["iglu"]?[0] == 200)
            #expect(seen["iglu"]?[1]?["self"]?["name"] == "link_click")
            #expect(seen["iglu_missing"] == 404)

            // After a reset, nothing.
            #expect(seen["reset"] == ["total": 0, "good": 0, "bad": 0])
            #expect(seen["all_after_reset"] == ["total": 0, "good": 0, "bad": 0])
            #expect(seen["good_after_reset"] == [])
            #expect(seen["bad_after_reset"] == [])
        }
    }
}

extension JSONValue {
    var arrayElements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
