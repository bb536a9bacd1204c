/// What a value in the tracking plan may be: the common subset of JSON Schema, which the
/// catalog's own YAML form and JSON Schema both decode to.
public struct ValueSchema: Sendable, Hashable {
    /// Allowed types; empty allows any.
    public var types: [JSONType]
    /// `enum` (or `const`): the value must equal one of these.
    public var allowed: [JSONValue]?
    /// A regular expression that must match somewhere in a string (JSON Schema's rule).
    public var pattern: String?
    public var format: ValueFormat?
    public var minimum: Double?
    public var maximum: Double?
    public var exclusiveMinimum: Double?
    public var exclusiveMaximum: Double?
    public var minLength: Int?
    public var maxLength: Int?
    public var minItems: Int?
    public var maxItems: Int?
    /// For objects: the members the plan knows, in the order written.
    public var properties: [SchemaProperty]
    /// For objects: whether members other than `properties` are allowed.
    public var additionalProperties: Bool
    // An array holds the recursive schema: a struct cannot contain itself directly.
    private var itemStorage: [ValueSchema]

    /// For arrays: what every element must be.
    public var items: ValueSchema? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    public init(
        types: [JSONType] = [], allowed: [JSONValue]? = nil, pattern: String? = nil, format: ValueFormat? = nil,
        minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil,
        minLength: Int? = nil, maxLength: Int? = nil, minItems: Int? = nil, maxItems: Int? = nil,
        items: ValueSchema? = nil, properties: [SchemaProperty] = [], additionalProperties: Bool = true
    ) {
        self.types = types
        self.allowed = allowed
        self.pattern = pattern
        self.format = format
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.minItems = minItems
        self.maxItems = maxItems
        self.itemStorage = items.map { [$0] } ?? []
        self.properties = properties
        self.additionalProperties = additionalProperties
    }

    /// An object schema with these members.
    public static func object(_ properties: [SchemaProperty], additionalProperties: Bool) -> ValueSchema {
        ValueSchema(types: [.object], properties: properties, additionalProperties: additionalProperties)
    }
}

/// A member of an object schema.
public struct SchemaProperty: Sendable, Hashable {
    public var name: String
    public var schema: ValueSchema
    public var required: Bool

    public init(_ name: String, _ schema: ValueSchema = ValueSchema(), required: Bool = false) {
        self.name = name
        self.schema = schema
        self.required = required
    }
}
