import Foundation
import TelltaleWire

extension JSONValue {
    /// Converts plain Swift values; anything else becomes its description.
    public init(any value: (any Sendable)?) {
        switch value {
        case nil: self = .null
        case let value as JSONValue: self = value
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .number(Double(value))
        case let value as Double: self = .number(value)
        case let value as Float: self = .number(Double(value))
        case let value as String: self = .string(value)
        case let value as [any Sendable]: self = .array(value.map(JSONValue.init(any:)))
        case let value as [String: any Sendable]: self = .object(value.mapValues(JSONValue.init(any:)))
        case let value?: self = .string(String(describing: value))
        }
    }
}
