/// A JSON Schema as Telltale reads it (draft-04 to 2020-12): the keywords it checks, with
/// `$ref`s resolved to absolute URIs, and the annotations people and code generators read.
///
/// A tree of values: `properties`, `items` and the composition keywords hold their schemas
/// directly; a `$ref` names its target by URI, which the catalog's `definitions` (or a
/// `JSONSchemaLibrary`) holds, so recursive schemas stay finite. Draft differences are settled
/// when reading: draft-07's tuple `items` is `prefixItems` here, `definitions` and `$defs` are
/// both where targets live, and draft-07's `$ref` leaves its siblings out.
public struct JSONSchema: Sendable, Hashable {
    /// Where it is written, for messages and for naming generated types.
    public var location: JSONSchemaLocation
    /// `false`: no value is valid. (`true` and `{}` allow any value.)
    public var rejectsEverything: Bool
    /// Allowed types; empty allows any.
    public var types: [JSONType]
    /// `enum`: the value must equal one of these.
    public var enumValues: [JSONValue]?
    /// `const`: the value must equal it (`.null` is a constant too).
    public var constValue: JSONValue?
    /// Must match somewhere in a string (ECMA-262 semantics, as Swift's `Regex` reads them).
    public var pattern: String?
    /// As written; only `checkedFormat`s are checked.
    public var format: String?
    public var minimum: Double?
    public var maximum: Double?
    public var exclusiveMinimum: Double?
    public var exclusiveMaximum: Double?
    /// String length in Unicode code points.
    public var minLength: Int?
    public var maxLength: Int?
    public var minItems: Int?
    public var maxItems: Int?
    /// For objects: the members the schema names, in the order written.
    public var properties: [JSONSchemaProperty]
    /// For objects: member names that must be present.
    public var required: [String]
    /// For arrays: the schemas of the first elements, in order (draft-07's list-form `items`).
    public var prefixItems: [JSONSchema]
    public var allOf: [JSONSchema]
    public var anyOf: [JSONSchema]
    public var oneOf: [JSONSchema]
    /// `$ref`, resolved: the absolute URI of its target (`file:///…/common.json#/definitions/sku`).
    public var reference: String?
    public var title: String?
    public var description: String?
    // Optional schemas held in arrays: a struct cannot contain itself directly.
    private var additionalStorage: [JSONSchema]
    private var itemStorage: [JSONSchema]

    /// For objects: what members other than `properties` must be; nil allows any, a schema
    /// that `rejectsEverything` allows none (`additionalProperties: false`).
    public var additionalProperties: JSONSchema? {
        get { additionalStorage.first }
        set { additionalStorage = newValue.map { [$0] } ?? [] }
    }

    /// For arrays: what every element after `prefixItems` must be; nil allows any.
    public var items: JSONSchema? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    /// A schema that allows any value, at `location`.
    public init(location: JSONSchemaLocation = JSONSchemaLocation(document: "", pointer: [])) {
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
    public static func never(at location: JSONSchemaLocation) -> JSONSchema {
        var schema = JSONSchema(location: location)
        schema.rejectsEverything = true
        return schema
    }

    /// Draft-04's boolean `exclusiveMinimum` and `exclusiveMaximum`, applied once every keyword
    /// is read: `true` makes `minimum` (`maximum`) the exclusive bound.
    public mutating func applyDraft4ExclusiveFlags(minimum: Bool, maximum: Bool) {
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
    public var checkedFormat: ValueFormat? { format.flatMap(ValueFormat.init(rawValue:)) }

    /// The schema of the member `name`, if `properties` names it.
    public func property(_ name: String) -> JSONSchema? {
        properties.first { $0.name == name }?.schema
    }
}

/// A member of an object schema.
public struct JSONSchemaProperty: Sendable, Hashable {
    public var name: String
    public var schema: JSONSchema

    public init(_ name: String, _ schema: JSONSchema) {
        self.name = name
        self.schema = schema
    }
}

/// Where a schema is written: its document's URI and the path inside it.
public struct JSONSchemaLocation: Sendable, Hashable, CustomStringConvertible {
    /// The document's URI (`file:///…/order_completed.json`, `iglu:com.acme/…`); `#` and a
    /// JSON pointer to the schema make the schema's own URI.
    public var document: String
    public var pointer: [ParamPath.Component]

    public init(document: String, pointer: [ParamPath.Component]) {
        self.document = document
        self.pointer = pointer
    }

    /// The schema's URI: `document#/properties/items`.
    public var uri: String { document + "#" + JSONPointer.string(pointer) }

    public var description: String { uri }

    /// The location of a schema inside this one: `appending(.key("properties"), .key("sku"))`.
    public func appending(_ components: ParamPath.Component...) -> JSONSchemaLocation {
        JSONSchemaLocation(document: document, pointer: pointer + components)
    }
}
