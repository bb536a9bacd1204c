import Foundation
import TelltaleModel

extension JSONValue {
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Compact JSON text, for console lines and bad-capture samples.
    var compactText: String {
        jsonText()
    }
}
