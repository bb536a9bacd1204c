extension JSONSchema {
    /// The catalog's own `params:` form as JSON Schema, so one checker (and one code
    /// generator) reads every tracking plan. `location` names where the event is declared.
    public init(_ value: ValueSchema, at location: JSONSchemaLocation) {
        self.init(location: location)
        types = value.types
        enumValues = value.allowed
        pattern = value.pattern
        format = value.format?.rawValue
        minimum = value.minimum
        maximum = value.maximum
        exclusiveMinimum = value.exclusiveMinimum
        exclusiveMaximum = value.exclusiveMaximum
        minLength = value.minLength
        maxLength = value.maxLength
        minItems = value.minItems
        maxItems = value.maxItems
        let propertiesLocation = location.appending(.key("properties"))
        properties = value.properties.map { property in
            JSONSchemaProperty(property.name, JSONSchema(property.schema, at: propertiesLocation.appending(.key(property.name))))
        }
        required = value.properties.filter(\.required).map(\.name)
        if !value.additionalProperties { additionalProperties = .never(at: location.appending(.key("additionalProperties"))) }
        items = value.items.map { JSONSchema($0, at: location.appending(.key("items"))) }
    }
}
