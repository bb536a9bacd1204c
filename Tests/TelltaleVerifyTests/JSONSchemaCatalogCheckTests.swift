import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

/// Tracking plans written in JSON Schema (and Iglu) checked like the catalog's own form.
@Suite(.tags(.small)) struct JSONSchemaCatalogCheckTests {
    /// `CatalogCheckTests.catalog`'s purchase event, as a Segment-style export would write it.
    static let purchase = """
        { "$schema": "http://json-schema.org/draft-07/schema#", "title": "purchase_completed",
          "properties": { "properties": {
            "type": "object", "required": ["order_id", "currency", "value"], "additionalProperties": false,
            "properties": {
              "order_id": { "type": "string", "format": "uuid" },
              "currency": { "type": "string", "enum": ["USD", "EUR"] },
              "value": { "type": "number", "minimum": 0, "exclusiveMaximum": 100000 },
              "coupon": { "type": ["string", "null"], "minLength": 3, "maxLength": 12 },
              "items": { "type": "array", "minItems": 1, "items": { "$ref": "#/definitions/item" } },
              "address": { "type": "object", "properties": { "city": { "type": "string" } } } } } },
          "definitions": { "item": { "type": "object", "required": ["sku"], "additionalProperties": false,
            "properties": { "sku": { "type": "string", "pattern": "^[A-Z]+-[0-9]+$" }, "qty": { "type": "integer", "minimum": 1 } } } } }
        """

    /// A catalog of one event per (name, JSON text), read as a folder of schema files would be.
    static func catalog(_ schemas: [(String, String, [ParamPath.Component])], iglu: Bool = false) throws -> EventCatalog {
        var library = JSONSchemaLibrary()
        var catalog = EventCatalog(events: [])
        for (name, text, params) in schemas {
            let uri = iglu ? "iglu:com.acme/\(name)" : "file:///plan/\(name).json"
            let document = try JSONSchemaDocument(json: text, uri: uri, file: "\(name).json", defaultDialect: iglu ? .draft4 : .default)
            library.add(document)
            let read = library.schema(in: uri, at: params)
            let schema = try #require(read)
            if iglu, let key = IgluSchemaKey(uri: uri) {
                catalog.iglu[key] = IgluSchema(key: key, schema: schema, document: document.value)
                catalog.events.removeAll { $0.name == key.name }
                catalog.events.append(CatalogEvent(name: key.name, paramsSchema: schema, iglu: key))
            } else {
                catalog.events.append(CatalogEvent(name: name, paramsSchema: schema))
            }
        }
        #expect(library.problems.isEmpty, "\(library.problems)")
        catalog.definitions = library.definitions
        return catalog
    }

    static let mutations: [(String, @Sendable (inout [String: JSONValue]) -> Void)] = [
        ("missing", { $0["currency"] = nil }),
        ("type", { $0["value"] = "9.99" }),
        ("enum", { $0["currency"] = "GBP" }),
        ("range", { $0["value"] = -1 }),
        ("exclusive", { $0["value"] = 100_000 }),
        ("format", { $0["order_id"] = "42" }),
        ("length", { $0["coupon"] = "AB" }),
        ("extra", { $0["coupn"] = "SAVE10" }),
        ("nested pattern", { $0["items"] = [["sku": "sku1"]] }),
        ("nested missing and extra", { $0["items"] = [["qty": 0, "size": "L"]] }),
        ("empty array", { $0["items"] = [] }),
        ("nested type", { $0["address"] = ["city": 75] }),
        ("null", { $0["coupon"] = .null }),
    ]

    @Test(arguments: mutations.map(\.0))
    func aJSONSchemaPlanGivesTheCatalogsOwnWording(mutation: String) throws {
        let schemaCatalog = try Self.catalog([("purchase_completed", Self.purchase, [.key("properties"), .key("properties")])])
        var params = CatalogCheckTests.valid
        Self.mutations.first { $0.0 == mutation }!.1(&params)
        let native = try verify(Sent.events([("purchase_completed", params)]), catalog: CatalogCheckTests.catalog).violations
        let fromSchema = try verify(Sent.events([("purchase_completed", params)]), catalog: schemaCatalog).violations
        #expect(fromSchema.map(\.message) == native.map(\.message))
        #expect(mutation == "null" ? native.isEmpty : !native.isEmpty)
    }

    static func igluSchema(_ version: String, total: String) -> String {
        """
        { "$schema": "http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0#",
          "self": { "vendor": "com.acme", "name": "checkout", "format": "jsonschema", "version": "\(version)" },
          "type": "object", "required": ["total"], "additionalProperties": false, "properties": { "total": \(total) } }
        """
    }

    static func snowplow(_ version: String, _ data: [String: JSONValue]) -> Event {
        var params = data
        params["$schema"] = .string("iglu:com.acme/checkout/jsonschema/\(version)")
        return Event(id: "e1", receivedAt: Sent.start, session: "s", test: Sent.test, source: .snowplow, name: "checkout", params: params, raw: .null)
    }

    @Test func aSnowplowEventIsCheckedAgainstTheIgluVersionItsDataNames() throws {
        let catalog = try Self.catalog(
            [
                ("checkout/jsonschema/1-0-0", Self.igluSchema("1-0-0", total: #"{ "type": "integer" }"#), []),
                ("checkout/jsonschema/1-0-1", Self.igluSchema("1-0-1", total: #"{ "type": "number", "minimum": 0, "exclusiveMinimum": true }"#), []),
            ], iglu: true)
        let check = try TrackingPlanCheck(catalog: catalog)
        // `$schema` names the version; it is no property of the data.
        #expect(check.violations(of: Self.snowplow("1-0-1", ["total": 9.5])).isEmpty)
        #expect(
            check.violations(of: Self.snowplow("1-0-0", ["total": 9.5])).map(\.message) == [
                "tracking plan: checkout.total: expected integer, got 9.5 (number) (#e1)"
            ])
        #expect(check.violations(of: Self.snowplow("1-0-1", ["total": 0])).map(\.expected) == ["number > 0"])
        #expect(
            check.violations(of: Self.snowplow("2-0-0", ["total": 1])).map(\.message) == [
                "tracking plan: checkout is not in the tracking plan (expected a planned version: iglu:com.acme/checkout/jsonschema/1-0-0, iglu:com.acme/checkout/jsonschema/1-0-1) (#e1)"
            ])
        // An event from another format, by name: the newest version.
        var native = Self.snowplow("x", ["total": 2.5])
        native.source = .segment
        native.params["$schema"] = nil
        #expect(check.violations(of: native).isEmpty)
        #expect(check.violations(ofSelfDescribing: ["total": "x"], schema: "iglu:com.acme/checkout/jsonschema/1-0-0")?.map(\.path) == ["total"])
        #expect(check.violations(ofSelfDescribing: [:], schema: "iglu:com.acme/other/jsonschema/1-0-0") == nil)
        #expect(check.igluDocument("iglu:com.acme/checkout/jsonschema/1-0-0")?["self"]?["version"] == "1-0-0")
    }

    func messages(_ schema: String, _ params: [String: JSONValue]) throws -> [String] {
        let catalog = try Self.catalog([("e", schema, [])])
        return try verify(Sent.events([("e", params)]), catalog: catalog).violations.map(\.message)
    }

    @Test func alternativesAreReportedAsTheNearestOne() throws {
        let schema = """
            { "properties": {
                "id": { "anyOf": [{ "type": "string" }, { "type": "integer" }] },
                "size": { "anyOf": [{ "type": "string", "enum": ["S", "M"] }, { "type": "integer", "minimum": 1 }] },
                "n": { "oneOf": [{ "type": "integer" }, { "type": "number", "maximum": 10 }] },
                "shape": { "oneOf": [
                  { "properties": { "kind": { "const": "circle" }, "r": { "type": "number" } }, "required": ["kind", "r"] },
                  { "properties": { "kind": { "const": "square" }, "side": { "type": "number" } }, "required": ["kind", "side"] } ] },
                "all": { "allOf": [{ "type": "string" }, { "maxLength": 2 }] } } }
            """
        #expect(try messages(schema, ["id": true]) == ["tracking plan: e.id: expected string or integer, got true (boolean) (#e1)"])
        #expect(try messages(schema, ["size": 0]) == ["tracking plan: e.size: expected number >= 1, got 0 (number) (#e1)"])
        #expect(
            try messages(schema, ["n": 3]) == [
                "tracking plan: e.n: expected exactly one of the oneOf schemas (it matches #1 and #2), got 3 (number) (#e1)"
            ])
        #expect(try messages(schema, ["n": 12]).isEmpty)
        #expect(try messages(schema, ["shape": ["kind": "square"]]) == ["tracking plan: e.shape.side is required (number) but missing (#e1)"])
        #expect(try messages(schema, ["all": "abc"]) == ["tracking plan: e.all: expected string of at most 2 characters, got \"abc\" (string) (#e1)"])
    }

    @Test func refsAndRecursionCarryTheValuesPath() throws {
        let schema = """
            { "$defs": { "node": { "type": "object", "required": ["name"],
                "properties": { "name": { "type": "string" }, "children": { "type": "array", "items": { "$ref": "#/$defs/node" } } } } },
              "properties": { "root": { "$ref": "#/$defs/node" } }, "additionalProperties": { "type": "integer" } }
            """
        #expect(
            try messages(schema, ["root": ["name": "a", "children": [["name": "b", "children": [["children": []]]]]]]) == [
                "tracking plan: e.root.children[0].children[0].name is required (string) but missing (#e1)"
            ])
        #expect(try messages(schema, ["other": "x"]) == ["tracking plan: e.other: expected integer, got \"x\" (string) (#e1)"])
    }

    /// A nested schema read on its own (a catalog's params under `properties`) resolves its
    /// `$ref`s against its own relative `$id` once: `sub/params.json` under
    /// `file:///plan/e.json` is `file:///plan/sub/params.json`, not `…/sub/sub/params.json`
    /// (where its `#/definitions/sku` would name nothing).
    @Test func aNestedSchemasRelativeIdIsAppliedOnce() throws {
        let schema = """
            { "$schema": "http://json-schema.org/draft-07/schema#",
              "properties": { "params": { "$id": "sub/params.json", "type": "object",
                "properties": { "sku": { "$ref": "#/definitions/sku" } },
                "definitions": { "sku": { "type": "string", "pattern": "^A" } } } } }
            """
        let catalog = try Self.catalog([("e", schema, [.key("properties"), .key("params")])])
        #expect(try verify(Sent.events([("e", ["sku": "A1"])]), catalog: catalog).violations.isEmpty)
        let violations = try verify(Sent.events([("e", ["sku": "B1"])]), catalog: catalog).violations.map(\.message)
        #expect(violations.count == 1 && violations[0].contains("e.sku") && violations[0].contains("^A"), "\(violations)")
    }

    @Test func theValidatorCountsCodePointsAndChecksFormatsAsJSONSchemaDoes() throws {
        let validator = try JSONSchemaValidator(
            try Self.catalog([("e", #"{ "maxLength": 2 }"#, [])]).events[0].paramsSchema)
        #expect(validator.isValid("😀é"))
        #expect(!validator.isValid("e\u{301}x"), "three code points, though two characters")
        #expect(validator.isValid(["not": "a string"]), "formats and lengths are for strings")
        let dates = try JSONSchemaValidator(try Self.catalog([("e", #"{ "format": "date-time" }"#, [])]).events[0].paramsSchema)
        #expect(dates.isValid("2024-02-29T23:59:59.5+01:00"))
        #expect(!dates.isValid("2023-02-29T00:00:00Z"), "not a leap year")
        #expect(!dates.isValid("2024-01-01T00:00:60Z"))
        let uris = try JSONSchemaValidator(try Self.catalog([("e", #"{ "format": "uri" }"#, [])]).events[0].paramsSchema)
        #expect(uris.isValid("https://user@[::ffff:1.2.3.4]:8080/a%20b?q=1#f"))
        #expect(!uris.isValid("/relative/path"))
        #expect(!uris.isValid("https://exa mple.com"))
    }
}
