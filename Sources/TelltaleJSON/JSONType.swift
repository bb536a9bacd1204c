/// The kinds of JSON value expectations and the tracking plan name, as JSON Schema spells them.
/// `integer` is a `number` with no fraction, so a value can be of two types at once.
public enum JSONType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    // At most eight cases: `CompiledSchema.TypeMask` gives each one bit of a `UInt8`, by its
    // position here.
    case string, number, integer, boolean, object, array, null

    public var description: String { rawValue }

    /// The value's own type: `number` for every number, never `integer`.
    public static func of(_ value: JSONValue) -> JSONType {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Whether `value` is of this type as JSON Schema's `type` has it: `number` takes every number,
    /// integers too; `integer` takes a finite number without a fraction (`3` and `3.0`, which JSON
    /// does not tell apart).
    public func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.number, .number), (.boolean, .bool), (.object, .object), (.array, .array), (.null, .null):
            true
        case (.integer, .number(let number)):
            number.isFinite && number == number.rounded(.towardZero)
        default:
            false
        }
    }
}
