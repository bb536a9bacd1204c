import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct CatalogLoaderTests {
    func parse(_ yaml: String) throws(PlanError) -> EventCatalog {
        try CatalogLoader().parse(yaml: yaml, file: "Plans/events.yml")
    }

    func catalogProblems(_ yaml: String) -> [LocatedProblem] {
        do {
            _ = try parse(yaml)
            return []
        } catch {
            return error.problems
        }
    }

    @Test(.tags(.small)) func nativeCatalogParsesEveryKey() throws {
        let catalog = try parse(
            """
            version: 1
            description: The demo shop's events.
            ignore: [identify, "/^\\\\$/"]
            events:
              app_opened: {}
              screen_view:
                additionalProperties: true
                params:
                  name: { type: string, required: true }
              purchase_completed:
                description: An order was placed.
                params:
                  order_id: { type: string, required: true, format: uuid }
                  currency: { type: string, enum: [USD, EUR], required: true }
                  value: { type: number, minimum: 0, exclusiveMaximum: 100000, required: true }
                  coupon: { type: [string, null] }
                  note: string
                  code: { pattern: "^[A-Z]{3}$", minLength: 3, maxLength: 3 }
                  items:
                    type: array
                    minItems: 1
                    maxItems: 50
                    items:
                      type: object
                      properties:
                        sku: { type: string, required: true }
                        qty: { type: integer, minimum: 1, maximum: 99 }
                  address:
                    type: object
                    additionalProperties: true
                    properties: { city: string }
                  anything:
            """)
        #expect(catalog.sourcePath == "Plans/events.yml")
        #expect(catalog.ignore == [.name("identify"), .pattern("^\\$")])
        #expect(catalog.events.map(\.name) == ["app_opened", "screen_view", "purchase_completed"])
        #expect(catalog.events.map { $0.location?.line } == [5, 6, 10])
        // Each schema at its place in the file, as `schema:` would be read: messages point there.
        func location(of event: String) -> JSONSchemaLocation { CatalogEvent.paramsLocation(of: event, in: "Plans/events.yml") }
        #expect(catalog.events[0].paramsSchema == Self.schema(at: location(of: "app_opened"), types: [.object], additionalProperties: false))
        let screenView = Self.schema(at: location(of: "screen_view"), types: [.object], additionalProperties: true) { params in
            params.properties = [Self.property("name", in: params) { $0.types = [.string] }]
            params.required = ["name"]
        }
        #expect(catalog.events[1].paramsSchema == screenView)
        let purchase = catalog.events[2]
        #expect(purchase.description == "An order was placed.")
        let purchaseParams = Self.schema(at: location(of: "purchase_completed"), types: [.object], additionalProperties: false) { params in
            params.properties = [
                Self.property("order_id", in: params) {
                    $0.types = [.string]
                    $0.format = "uuid"
                },
                Self.property("currency", in: params) {
                    $0.types = [.string]
                    $0.enumValues = ["USD", "EUR"]
                },
                Self.property("value", in: params) {
                    $0.types = [.number]
                    $0.minimum = 0
                    $0.exclusiveMaximum = 100_000
                },
                Self.property("coupon", in: params) { $0.types = [.string, .null] },
                Self.property("note", in: params) { $0.types = [.string] },
                Self.property("code", in: params) {
                    $0.pattern = "^[A-Z]{3}$"
                    $0.minLength = 3
                    $0.maxLength = 3
                },
                Self.property("items", in: params) { items in
                    items.types = [.array]
                    items.minItems = 1
                    items.maxItems = 50
                    items.items = Self.schema(
                        at: items.location.appending(.key("items")), types: [.object], additionalProperties: false
                    ) { item in
                        item.properties = [
                            Self.property("sku", in: item) { $0.types = [.string] },
                            Self.property("qty", in: item) {
                                $0.types = [.integer]
                                $0.minimum = 1
                                $0.maximum = 99
                            },
                        ]
                        item.required = ["sku"]
                    }
                },
                Self.property("address", in: params) { address in
                    address.types = [.object]
                    address.properties = [Self.property("city", in: address) { $0.types = [.string] }]
                },
                Self.property("anything", in: params) { _ in },
            ]
            params.required = ["order_id", "currency", "value"]
        }
        #expect(purchase.paramsSchema == purchaseParams)
    }

    /// A schema as the YAML form reads it: at `location`, `additionalProperties: false` as
    /// JSON Schema's `false` schema, and the other keywords `build` sets.
    static func schema(
        at location: JSONSchemaLocation, types: [JSONType] = [], additionalProperties: Bool = true, _ build: (inout JSONSchema) -> Void = { _ in }
    ) -> JSONSchema {
        var schema = JSONSchema(location: location)
        schema.types = types
        if !additionalProperties { schema.additionalProperties = .never(at: location.appending(.key("additionalProperties"))) }
        build(&schema)
        return schema
    }

    /// The member `name` of `object`, at `object`'s `properties/name`.
    static func property(_ name: String, in object: JSONSchema, _ build: (inout JSONSchema) -> Void) -> JSONSchemaProperty {
        JSONSchemaProperty(name, schema(at: object.location.appending(.key("properties"), .key(name)), build))
    }

    @Test(.tags(.small)) func extraPropertiesDefaultFromTheCatalogTop() throws {
        let catalog = try parse(
            """
            additionalProperties: true
            events:
              a: { params: { x: string } }
              b: { additionalProperties: false, params: { y: { type: object, properties: { z: string } } } }
            """)
        let b = catalog.events[1].paramsSchema
        #expect(catalog.events[0].paramsSchema.additionalProperties == nil)
        #expect(b.additionalProperties == .never(at: b.location.appending(.key("additionalProperties"))))
        let y = b.properties[0].schema
        #expect(y.additionalProperties == .never(at: y.location.appending(.key("additionalProperties"))), "nested objects follow their event")
    }

    @Test(.tags(.small)) func inlineJSONSchemaFollowsJSONSchemaRules() throws {
        let catalog = try parse(
            """
            events:
              login_failed:
                schema:
                  $schema: "http://json-schema.org/draft-04/schema#"
                  type: object
                  required: [reason]
                  properties:
                    reason: { enum: [wrong_password, unknown_user] }
                    attempts: { type: integer, minimum: 1, exclusiveMinimum: true, nullable: true }
                    legacy: true
                  examples: [{ reason: unknown_user }]
            """)
        let schema = catalog.events[0].paramsSchema
        #expect(schema.location.document.hasSuffix("?event=login_failed"), "read from `schema:`")
        #expect(schema.types == [.object])
        #expect(schema.required == ["reason"])
        #expect(schema.properties.map(\.name) == ["reason", "attempts", "legacy"], "in the order written")
        #expect(schema.property("reason")?.enumValues == ["wrong_password", "unknown_user"])
        let attempts = try #require(schema.property("attempts"))
        #expect(attempts.types == [.integer, .null])
        #expect(attempts.exclusiveMinimum == 1 && attempts.minimum == nil, "draft-04's boolean makes the minimum exclusive")
        #expect(schema.property("legacy") == JSONSchema(location: schema.location.appending(.key("properties"), .key("legacy"))))
        #expect(schema.additionalProperties == nil, "JSON Schema allows extra properties by default")
    }

    @Test(.tags(.medium)) func schemaFilesAreReadRelativeToTheCatalog() throws {
        let catalog = try CatalogLoader().load(path: Fixture.path("schemaFilesAreReadRelativeToTheCatalog.yml"))
        let schema = try #require(catalog.events.first?.paramsSchema)
        #expect(schema.location.document == URL(fileURLWithPath: Fixture.path("schemaFilesAreReadRelativeToTheCatalog.schema.json")).absoluteString)
        #expect(schema.required == ["method", "user_id"])
        #expect(schema.properties.map(\.name) == ["method", "user_id", "age", "referrer"])
        #expect(schema.property("user_id")?.checkedFormat == .uuid)
        #expect(schema.property("age")?.exclusiveMaximum == 130)
        #expect(
            schema.property("referrer")?.format == "phone" && schema.property("referrer")?.checkedFormat == nil, "a custom format is an annotation")
        #expect(schema.additionalProperties?.rejectsEverything == true)
    }

    @Test(.tags(.medium)) func schemaFileProblemsPointIntoTheSchemaFile() {
        let catalogFile = Fixture.path("schemaFileProblemsPointIntoTheSchemaFile.yml")
        let schemaFile = Fixture.path("schemaFileProblemsPointIntoTheSchemaFile.schema.json")
        var found: [LocatedProblem] = []
        do { _ = try CatalogLoader().load(path: catalogFile) } catch { found = error.problems }
        // The tracking plan's own problems first, then its schema files', each file's by line.
        #expect(
            found.map { "\($0.file == schemaFile ? "schema" : $0.file == catalogFile ? "catalog" : $0.file) \($0.location)" } == [
                "catalog 5:13 events.missing_file.schema",
                "schema 4:25 properties.method.type",
                "schema 5:15 properties.user.$ref",
                "schema 6:32 properties.tags.uniqueItems",
                "schema 8:3 requried",
            ])
        #expect(
            found.map(\.message) == [
                "cannot read the JSON Schema '\(Fixture.directory)/noSuchFile.schema.json'",
                "unknown type 'text'",
                "`$ref` '#/definitions/user' points at nothing",
                "`uniqueItems` is not supported by Telltale's tracking-plan checks",
                "unknown keyword `requried`",
            ])
        #expect(found.last?.hint == "did you mean `required`?")
    }

    @Test(.tags(.small)) func catalogProblemsAreLocatedAndEveryOneIsReported() {
        let found = catalogProblems(
            """
            version: 2
            ignor: [x]
            events:
              a:
                params:
                  x: { type: strng, requird: true }
                  y: { pattern: "(", format: phone }
                  z: { minimum: low, enum: [] }
              b: { params: {}, schema: {} }
              c: { schema: { type: array } }
              d: { schema: { type: object, not: {}, additionalProperties: { type: strin } } }
              e: [1]
            """)
        expectProblems(
            found,
            [
                .init(1, 10, "version", "tracking plan version 2 is not supported"),
                .init(2, 1, "ignor", "unknown key `ignor`"),
                .init(6, 18, "events.a.params.x.type", "unknown type 'strng'"),
                .init(6, 25, "events.a.params.x.requird", "unknown key `requird`"),
                .init(7, 21, "events.a.params.y.pattern", "'(' is not a valid regular expression"),
                .init(7, 34, "events.a.params.y.format", "unknown format 'phone'"),
                .init(8, 21, "events.a.params.z.minimum", "expected a number, found 'low'"),
                .init(8, 32, "events.a.params.z.enum", "expected a non-empty list of values"),
                .init(9, 28, "events.b.schema", "give either `params` or `schema`, not both"),
                .init(10, 18, "events.c.schema.type", "an event's schema describes its params, an object"),
                .init(11, 32, "events.d.schema.not", "`not` is not supported"),
                .init(11, 71, "events.d.schema.additionalProperties.type", "unknown type 'strin'"),
                .init(12, 6, "events.e", "expected the event's definition (a mapping)"),
            ])
        #expect(found.first { $0.keyPath == "ignor" }?.hint == "did you mean `ignore`?")
        #expect(found.first { $0.keyPath.hasSuffix("requird") }?.hint == "did you mean `required`?")
    }

    @Test(.tags(.small), arguments: ["", "[a, b]\n", "version: 1\n"])
    func aCatalogWithoutEventsIsOneProblem(yaml: String) {
        #expect(catalogProblems(yaml).count == 1)
    }

    @Test(.tags(.medium)) func aMissingCatalogIsReportedWhereThePlanNamesIt() throws {
        let reference = SourceLocation(file: "Plans/demo.yml", line: 7, column: 12)
        var found: [LocatedProblem] = []
        do { _ = try CatalogLoader().load(path: "Plans/nowhere.yml", reference: reference) } catch { found = error.problems }
        expectProblems(found, [.init(7, 12, "capture.catalog", "there is no tracking plan at 'Plans/nowhere.yml'")])
        #expect(found.first?.file == "Plans/demo.yml")
    }

    @Test(.tags(.small)) func expectedEventsMissingFromTheCatalogAreProblemsAtTheExpectation() throws {
        let catalog = try parse("ignore: [/^debug_/]\nevents:\n  purchase_completed: {}\n  checkout_started: {}\n")
        let plan = try PlanLoader().parse(
            yaml: """
                version: 1
                expectations:
                  Shop.Checkout/testPay:
                    events: [purchase_complete, debug_trace]
                    order: [checkout_started, purchase_completed]
                    forbid: [checkout_error]
                """, file: "Plans/demo.yml")
        let found = CatalogLoader().problems(in: plan.expectations, against: catalog)
        // A forbidden event need not be planned: forbidding what the plan does not know is the point.
        expectProblems(
            found, [.init(4, 14, "expectations.Shop.Checkout/testPay", "event `purchase_complete` is not in the tracking plan")])
        #expect(found.first?.hint == "did you mean `purchase_completed`? add it to Plans/events.yml, or fix the name")
    }

    /// `forbid: app_crash` against a tracking plan without it is allowed; a forbidden name a typo
    /// away from a planned one is a warning, which stops nothing.
    @Test(.tags(.small)) func forbiddingAnUnplannedEventIsAllowedAndATypoIsAWarning() throws {
        let catalog = try parse("events:\n  checkout_error: {}\n  purchase_completed: {}\n")
        let plan = try PlanLoader().parse(
            yaml: """
                version: 1
                expectations:
                  Shop.Checkout/testPay:
                    events: [purchase_completed]
                    forbid: [app_crash, checkout_eror]
                """, file: "Plans/demo.yml")
        let found = CatalogLoader().problems(in: plan.expectations, against: catalog)
        #expect(found.map(\.severity) == [.warning], "\(found)")
        #expect(found.first?.keyPath == "expectations.Shop.Checkout/testPay.forbid")
        #expect(
            found.first?.description
                == "Plans/demo.yml:5:25: warning: expectations.Shop.Checkout/testPay.forbid: event `checkout_eror` is not in the tracking plan, but `checkout_error` is\n  hint: forbidding an event the tracking plan does not list is allowed; if you meant `checkout_error`, fix the name"
        )
    }
}
