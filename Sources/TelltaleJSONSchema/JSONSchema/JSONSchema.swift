/// A JSON Schema as Telltale reads it (draft-04 to 2020-12): the keywords it checks, with
/// `$ref`s resolved to absolute URIs, and the annotations people and code generators read.
///
/// A tree of values: `properties`, `items` and the composition keywords hold their schemas
/// directly; a `$ref` names its target by URI, which the catalog's `definitions` (or a
/// `JSONSchemaLibrary`) holds, so recursive schemas stay finite. Draft differences are settled
/// when reading: draft-07's tuple `items` is `prefixItems` here, `definitions` and `$defs` are
/// both where targets live, and draft-07's `$ref` leaves its siblings out.
package struct JSONSchema: Sendable, Hashable {
    /// Where it is written, for messages and for naming generated types.
    package var location: JSONSchemaLocation
    /// `false`: no value is valid. (`true` and `{}` allow any value.)
    package var rejectsEverything: Bool
    /// Allowed types; empty allows any.
    package var types: [JSONType]
    /// `enum`: the value must equal one of these.
    package var enumValues: [JSONValue]?
    /// `const`: the value must equal it (`.null` is a constant too).
    package var constValue: JSONValue?
    /// Must match somewhere in a string (ECMA-262 semantics, as Swift's `Regex` reads them).
    package var pattern: String?
    /// As written; only `checkedFormat`s are checked.
    package var format: String?
    /// `minimum`: the number must be at least this.
    package var minimum: Double?
    /// `maximum`: at most this.
    package var maximum: Double?
    /// `exclusiveMinimum` as a bound (draft-06 on): the number must be greater. Draft-04's boolean
    /// form ends up here too (`applyDraft4ExclusiveFlags`).
    package var exclusiveMinimum: Double?
    /// `exclusiveMaximum`: the number must be less.
    package var exclusiveMaximum: Double?
    /// String length in Unicode code points.
    package var minLength: Int?
    package var maxLength: Int?
    /// `minItems` and `maxItems`: bounds on an array's number of elements.
    package var minItems: Int?
    package var maxItems: Int?
    /// For objects: the members the schema names, in the order written.
    package var properties: [JSONSchemaProperty]
    /// For objects: member names that must be present.
    package var required: [String]
    /// For arrays: the schemas of the first elements, in order (draft-07's list-form `items`).
    package var prefixItems: [JSONSchema]
    /// `allOf`: every one of these must take the value.
    package var allOf: [JSONSchema]
    /// `anyOf`: at least one.
    package var anyOf: [JSONSchema]
    /// `oneOf`: exactly one.
    package var oneOf: [JSONSchema]
    /// `$ref`, resolved: the absolute URI of its target (`file:///…/common.json#/definitions/sku`).
    package var reference: String?
    /// Annotations: generated code carries them as documentation; they change nothing that passes.
    package var title: String?
    package var description: String?
    // Optional schemas held in arrays: a struct cannot contain itself directly.
    private var additionalStorage: [JSONSchema]
    private var itemStorage: [JSONSchema]

    /// For objects: what members other than `properties` must be; nil allows any, a schema
    /// that `rejectsEverything` allows none (`additionalProperties: false`).
    package var additionalProperties: JSONSchema? {
        get { additionalStorage.first }
        set { additionalStorage = newValue.map { [$0] } ?? [] }
    }

    /// For arrays: what every element after `prefixItems` must be; nil allows any.
    package var items: JSONSchema? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    /// A schema that allows any value, at `location`.
    package init(location: JSONSchemaLocation = JSONSchemaLocation(document: "", pointer: [])) {
        self.location = location
        rejectsEverything = false
        types = []
        properties = []
        required = []
        prefixItems = []
        allOf = []
        anyOf = []
        oneOf = []
        additionalStorage = []
        itemStorage = []
    }

    /// The `false` schema.
    package static func never(at location: JSONSchemaLocation) -> JSONSchema {
        var schema = JSONSchema(location: location)
        schema.rejectsEverything = true
        return schema
    }

    /// Draft-04's boolean `exclusiveMinimum` and `exclusiveMaximum`, applied once every keyword
    /// is read: `true` makes `minimum` (`maximum`) the exclusive bound.
    package mutating func applyDraft4ExclusiveFlags(minimum: Bool, maximum: Bool) {
        if minimum {
            exclusiveMinimum = self.minimum
            self.minimum = nil
        }
        if maximum {
            exclusiveMaximum = self.maximum
            self.maximum = nil
        }
    }

    /// The format Telltale checks, if `format` is one.
    package var checkedFormat: ValueFormat? { format.flatMap(ValueFormat.init(rawValue:)) }

    /// The schema of the member `name`, if `properties` names it.
    package func property(_ name: String) -> JSONSchema? {
        properties.first { $0.name == name }?.schema
    }
}

/// A member of an object schema.
package struct JSONSchemaProperty: Sendable, Hashable {
    package var name: String
    package var schema: JSONSchema

    package init(_ name: String, _ schema: JSONSchema) {
        self.name = name
        self.schema = schema
    }
}

/// Where a schema is written: its document's URI and the path inside it.
package struct JSONSchemaLocation: Sendable, Hashable, CustomStringConvertible {
    /// The document's URI (`file:///…/order_completed.json`, `iglu:com.acme/…`); `#` and a
    /// JSON pointer to the schema make the schema's own URI.
    package var document: String
    /// The path from the document's root, written as a JSON pointer in `uri`.
    package var pointer: [ParamPath.Component]

    package init(document: String, pointer: [ParamPath.Component]) {
        self.document = document
        self.pointer = pointer
    }

    /// The schema's URI: `document#/properties/items`.
    package var uri: String { document + "#" + JSONPointer.string(pointer) }

    package var description: String { uri }

    /// The location of a schema inside this one: `appending(.key("properties"), .key("sku"))`.
    package func appending(_ components: ParamPath.Component...) -> JSONSchemaLocation {
        JSONSchemaLocation(document: document, pointer: pointer + components)
    }
}
