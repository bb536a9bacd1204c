import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

/// Tracking plans kept as JSON Schema files (one per event) and as Iglu folders.
@Suite(.tags(.medium)) struct SchemaCatalogLoaderTests {
    static let draft7 = #""$schema": "http://json-schema.org/draft-07/schema#""#

    func problems(loading path: String) -> [LocatedProblem] {
        do {
            _ = try CatalogLoader().load(path: path)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aFolderOfJSONSchemasHasAnEventPerFileNamedByEventConstOrTitle() throws {
        let folder = try TemporaryDirectory()
        // Segment Protocols' export: the whole call, params under `properties.properties`.
        try folder.write(
            """
            { \(Self.draft7), "description": "An order was paid.",
              "properties": {
                "event": { "const": "Order Completed" },
                "context": {},
                "properties": { "type": "object", "required": ["total"],
                  "properties": { "total": { "type": "number" }, "sku": { "$ref": "shared/defs.json#/definitions/sku" } } } } }
            """, to: "order.json")
        // A bare schema: `title` names the event, the schema is its params.
        try folder.write(#"{ "title": "app_opened", "type": "object", "properties": { "cold": { "type": "boolean" } } }"#, to: "b/opened.json")
        // Shared definitions: no event of its own.
        try folder.write(#"{ "definitions": { "sku": { "type": "string", "pattern": "^SKU-" } } }"#, to: "shared/defs.json")
        let catalog = try CatalogLoader().load(path: folder.path)
        #expect(catalog.sourcePath == folder.path)
        #expect(catalog.events.map(\.name) == ["app_opened", "Order Completed"], "in the files' order")
        let order = try #require(catalog.events.last?.paramsSchema)
        #expect(order.required == ["total"])
        #expect(order.location.pointer == [.key("properties"), .key("properties")])
        #expect(catalog.events.last?.description == "An order was paid.")
        let sku = try #require(order.property("sku")?.reference)
        #expect(sku == URL(fileURLWithPath: folder.path + "/shared/defs.json").absoluteString + "#/definitions/sku")
        #expect(catalog.definitions[sku]?.pattern == "^SKU-")
        #expect(catalog.events.first?.paramsSchema.property("cold")?.types == [.boolean])
    }

    @Test func aTitledSchemaOtherSchemasReferToIsADefinitionNotAnEvent() throws {
        let folder = try TemporaryDirectory()
        try folder.write(#"{ "title": "Address", "type": "object", "properties": { "city": { "type": "string" } } }"#, to: "address.json")
        try folder.write(#"{ "title": "signed_up", "properties": { "home": { "$ref": "address.json" } } }"#, to: "signed_up.json")
        let catalog = try CatalogLoader().load(path: folder.path)
        #expect(catalog.events.map(\.name) == ["signed_up"])
    }

    @Test func aSingleSchemaFileIsACatalogAndItsSiblingsAreReadForRefs() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(#"{ "title": "a", "properties": { "n": { "$ref": "num.json" } } }"#, to: "a.json")
        try folder.write(#"{ "type": "integer", "maximum": 3 }"#, to: "num.json")
        let catalog = try CatalogLoader().load(path: file)
        #expect(catalog.events.map(\.name) == ["a"])
        #expect(catalog.definitions.values.map(\.maximum) == [3])
    }

    @Test func schemaProblemsNameTheFileTheJSONPathAndTheKeyword() throws {
        let folder = try TemporaryDirectory()
        let bad = try folder.write(
            """
            { "title": "x",
              "properties": {
                "a": { "type": "string", "not": { "const": "" } },
                "b": { "prefixItems": [] , \(Self.draft7.replacingOccurrences(of: "$schema", with: "$comment")) },
                "c": { "$ref": "#/definitions/missing" },
                "d": { "format": "ipv4", "maxLenght": 3 }
              },
              "dependentRequired": {}
            }
            """, to: "x.json")
        let lonely = try folder.write(#"{ "type": "object" }"#, to: "lonely.json")
        let broken = try folder.write("{ \"title\": \"y\",\n  \"type\": }", to: "y.json")
        let found = problems(loading: folder.path)
        #expect(
            found.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column) \($0.keyPath)" } == [
                "y.json:2:11 ",
                "x.json:3:30 properties.a.not",
                "x.json:4:27 properties.b.prefixItems",
                "x.json:5:12 properties.c.$ref",
                "x.json:6:22 properties.d.format",
                "x.json:6:30 properties.d.maxLenght",
                "x.json:8:3 dependentRequired",
                "lonely.json:1:1 ",
            ])
        #expect(found.first { $0.file == bad && $0.keyPath.hasSuffix("maxLenght") }?.hint == "did you mean `maxLength`?")
        #expect(found.first { $0.file == lonely }?.message == "the schema names no event, and no other schema refers to it")
        #expect(found.first { $0.file == broken }?.message.hasPrefix("invalid JSON") == true)
        #expect(
            found.first { $0.keyPath == "dependentRequired" }?.message == "`dependentRequired` is not supported by Telltale's tracking-plan checks")
    }

    @Test func draftSpellingsAreReadByTheSchemasOwnDraft() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            ##"{ \##(Self.draft7), "title": "seven", "properties": { "pair": { "items": [{ "type": "string" }], "additionalItems": false }, "n": { "$ref": "#/$defs/n", "maximum": 1 } }, "$defs": { "n": { "type": "integer" } } }"##,
            to: "seven.json")
        try folder.write(
            ##"{ "$schema": "https://json-schema.org/draft/2020-12/schema", "title": "twenty", "properties": { "pair": { "prefixItems": [{ "type": "string" }], "items": false }, "n": { "$ref": "#/definitions/n", "maximum": 1 } }, "definitions": { "n": { "type": "integer" } } }"##,
            to: "twenty.json")
        let catalog = try CatalogLoader().load(path: folder.path)
        let seven = try #require(catalog.events.first { $0.name == "seven" }?.paramsSchema)
        let twenty = try #require(catalog.events.first { $0.name == "twenty" }?.paramsSchema)
        for schema in [seven, twenty] {
            #expect(schema.property("pair")?.prefixItems.map(\.types) == [[.string]])
            #expect(schema.property("pair")?.items?.rejectsEverything == true)
        }
        #expect(seven.property("n")?.maximum == nil, "draft-07 ignores the siblings of $ref")
        #expect(twenty.property("n")?.maximum == 1)
        let wrong = try TemporaryDirectory()
        try wrong.write(#"{ \#(Self.draft7), "title": "w", "properties": { "p": { "prefixItems": [] } } }"#, to: "w.json")
        #expect(problems(loading: wrong.path).map(\.message) == ["`prefixItems` is 2020-12's"])
    }

    @Test func aRefLoopThatNeverDescendsIsAProblem() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            ##"{ "title": "loop", "$ref": "#/definitions/a", "definitions": { "a": { "allOf": [{ "$ref": "#/definitions/b" }] }, "b": { "$ref": "#/definitions/a" } } }"##,
            to: "loop.json")
        #expect(problems(loading: folder.path).map(\.message).contains { $0.contains("comes back to itself") })
        let tree = try TemporaryDirectory()
        try tree.write(##"{ "title": "tree", "properties": { "children": { "type": "array", "items": { "$ref": "#" } } } }"##, to: "tree.json")
        #expect(problems(loading: tree.path).isEmpty, "recursion through items is fine")
    }

    // MARK: Iglu

    static func igluSchema(vendor: String = "com.acme", name: String, version: String, properties: String) -> String {
        """
        { "$schema": "http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0#",
          "description": "\(name) \(version)",
          "self": { "vendor": "\(vendor)", "name": "\(name)", "format": "jsonschema", "version": "\(version)" },
          "type": "object", "properties": \(properties), "additionalProperties": false }
        """
    }

    @Test func anIgluFolderPlansEachNamesNewestVersionAndKeepsEveryVersion() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            Self.igluSchema(name: "checkout", version: "1-0-0", properties: #"{ "total": { "type": "number" } }"#),
            to: "schemas/com.acme/checkout/jsonschema/1-0-0")
        try folder.write(
            Self.igluSchema(
                name: "checkout", version: "1-0-10", properties: #"{ "total": { "type": "number", "minimum": 0, "exclusiveMinimum": true } }"#),
            to: "schemas/com.acme/checkout/jsonschema/1-0-10")
        try folder.write(Self.igluSchema(name: "checkout", version: "1-0-9", properties: "{}"), to: "schemas/com.acme/checkout/jsonschema/1-0-9")
        try folder.write(
            Self.igluSchema(name: "search", version: "1-0-0", properties: #"{ "q": { "type": "string" } }"#),
            to: "schemas/com.acme/search/jsonschema/1-0-0")
        try folder.write("Iglu registry of the demo", to: "schemas/README.md")
        for path in [folder.path, folder.path + "/schemas"] {
            let catalog = try CatalogLoader().load(path: path)
            #expect(catalog.events.map(\.name) == ["checkout", "search"])
            #expect(catalog.events.first?.iglu?.uri == "iglu:com.acme/checkout/jsonschema/1-0-10", "1-0-10 is newer than 1-0-9")
            #expect(catalog.events.first?.description == "checkout 1-0-10")
            #expect(catalog.events.first?.paramsSchema.property("total")?.exclusiveMinimum == 0, "Iglu schemas are draft-04")
            #expect(catalog.iglu.keys.map(\.uri).sorted().count == 4)
            #expect(catalog.iglu[IgluSchemaKey(uri: "iglu:com.acme/checkout/jsonschema/1-0-0")!]?.document["description"] == "checkout 1-0-0")
        }
    }

    @Test func anIgluSchemaMustSitWhereItsSelfSays() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.igluSchema(name: "checkout", version: "1-0-1", properties: "{}"), to: "schemas/com.acme/checkout/jsonschema/1-0-0")
        try folder.write(Self.igluSchema(name: "x", version: "1-0-0", properties: "{}"), to: "schemas/com.acme/x/jsonschema/1-0-0.json")
        let found = problems(loading: folder.path)
        #expect(found.map(\.keyPath) == ["", "self.version"])
        #expect(found.first?.message == "not an Iglu schema path")
        #expect(found.last?.message == #"`self.version` is "1-0-1", but the file's path says "1-0-0""#)
    }
}
