import Foundation
import TelltaleModel

/// Parses request bodies with the model's strict JSON parser and turns its errors into
/// 400 answers that say where the body went wrong ("invalid JSON at byte 17: …").
/// Nesting is bounded more tightly than the default, so a hostile body cannot exhaust the stack.
enum JSONParser {
    static let maxDepth = 256

    static func parse(_ data: Data) throws(CaptureError) -> JSONValue {
        do {
            return try JSONValue(parsing: data, maxDepth: maxDepth)
        } catch {
            throw .badRequest(error.isEmptyInput ? "empty body, expected JSON" : error.description)
        }
    }

    static func parse(_ text: String) throws(CaptureError) -> JSONValue {
        try parse(Data(text.utf8))
    }
}
