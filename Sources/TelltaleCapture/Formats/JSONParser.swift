import Foundation
import TelltaleModel

/// Parses request bodies with the model's strict JSON parser and turns its errors into
/// 400 answers that say where the body went wrong ("invalid JSON at byte 17: …").
/// Nesting is bounded more tightly than the default, so a hostile body cannot exhaust the stack.
enum JSONParser {
    /// Arrays and objects nested deeper than this are refused with a 400.
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

    /// A `data=` field as Mixpanel's and PostHog's SDKs send it: JSON, or base64 of it (standard
    /// or URL-safe, padded or not; a `+` that a form decoder turned into a space counts as `+`).
    static func parse(jsonOrBase64 field: String) throws(CaptureError) -> JSONValue {
        let trimmed = field.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") { return try parse(trimmed) }
        guard let decoded = Base64.decode(trimmed.replacingOccurrences(of: " ", with: "+")) else {
            throw .badRequest("data= is neither JSON nor base64")
        }
        do {
            return try parse(decoded)
        } catch {
            throw .badRequest("data= is base64 of something that is not JSON: \(error.errorDescription ?? "")")
        }
    }
}
