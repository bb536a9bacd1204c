extension JSONValue {
    /// `null`, `a boolean`, `a number`, …: a value's type for error messages and clients' reasons.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
