import TelltaleModel
import Testing

/// A tracking plan that exercises every mapping: JSON Schemas with `$ref`s, descriptions,
/// enums, nested objects and arrays, nullable and mixed values, names that are keywords or
/// collide, and an event in the catalog's own YAML form.
enum SampleCatalog {
    static let orderCompleted = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "description": "An order was paid.\nSent once per order.",
          "type": "object",
          "properties": {
            "order_id": { "type": "integer", "minimum": 1, "description": "The shop's order number." },
            "currency": { "type": "string", "enum": ["USD", "EUR", "1st-class"] },
            "total": { "type": "number" },
            "coupon": { "type": ["string", "null"] },
            "placed_at": { "type": "string", "format": "date-time" },
            "items": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "sku": { "$ref": "#/definitions/sku" },
                  "quantity": { "type": "integer" }
                },
                "required": ["sku", "quantity"]
              }
            },
            "tags": { "type": "array", "items": { "type": "string" } },
            "address": {
              "type": "object",
              "description": "Where it ships.",
              "properties": { "city": { "type": "string" }, "kind": { "enum": ["home", "office"] } },
              "required": ["city"]
            },
            "default": { "type": "boolean" },
            "properties": { "type": "string" },
            "user_type": { "type": "string" },
            "userType": { "type": "string" },
            "context": { "type": "object" },
            "discount": { "oneOf": [{ "type": "number" }, { "type": "null" }] },
            "anything": { "oneOf": [{ "type": "number" }, { "type": "string" }] },
            "string": { "enum": ["a", "b"] }
          },
          "required": ["order_id", "currency", "total", "placed_at", "items"],
          "definitions": {
            "sku": { "type": "string", "description": "The catalog's id of the product." }
          }
        }
        """#

    static func catalog() throws -> EventCatalog {
        var library = JSONSchemaLibrary()
        let uri = "file:///plan/order_completed.json"
        library.add(try JSONSchemaDocument(json: orderCompleted, uri: uri, file: "/plan/order_completed.json"))
        let schema = library.schema(in: uri)
        let order = try #require(schema)
        // What the YAML plan's `params:` form `{ method: { type: string, enum: [password, passkey],
        // required: true }, remember: boolean }` reads to.
        var yamlForm = JSONSchemaLibrary()
        let signedInURI = "file:///plan/signed-in.json"
        yamlForm.add(
            try JSONSchemaDocument(
                json: """
                    { "type": "object", "required": ["method"], "additionalProperties": false,
                      "properties": { "method": { "type": "string", "enum": ["password", "passkey"] }, "remember": { "type": "boolean" } } }
                    """, uri: signedInURI, file: "/plan/signed-in.json"))
        let read = yamlForm.schema(in: signedInURI)
        let signedIn = try #require(read)
        return EventCatalog(
            events: [
                CatalogEvent(name: "signed-in", description: "A user signed in.", paramsSchema: signedIn),
                CatalogEvent(name: "order_completed", paramsSchema: order),
                CatalogEvent(name: "String"),
                CatalogEvent(name: "app opened"),
            ],
            definitions: library.definitions
        )
    }
}
