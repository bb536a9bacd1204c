import Foundation
import TelltaleModel

extension JSONValue {
    /// The members, when the value is an object; nil for any other type.
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when the value is an array; nil for any other type.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Compact JSON text, for console lines and bad-capture samples.
    var compactText: String {
        jsonText()
    }
}
