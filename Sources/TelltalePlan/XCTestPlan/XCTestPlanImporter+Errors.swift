import Foundation

/// Turns JSON decoding failures into short "where: what" messages.
extension XCTestPlanImporter {
    /// A decoding error as "where: what", without Foundation's boilerplate.
    static func describe(_ error: any Error, in data: Data) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not JSON" + (syntaxDetail(in: data).map { " (\($0))" } ?? "")
                : "\(render(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(render(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(render(context.codingPath)) should be \(jsonName(of: type))"
        @unknown default:
            return error.localizedDescription
        }
    }

    /// A coding path as a key path: `testTargets[0].target.name`.
    private static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the top level" : "`\(text)`"
    }

    /// The JSON kind a Swift type is decoded from, as the message names it.
    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a number"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }

    /// JSONDecoder only says the data is not JSON; JSONSerialization says where.
    private static func syntaxDetail(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return nil
        } catch {
            guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            return lineAndColumn(in: detail, data: data) ?? detail
        }
    }

    /// "Invalid value around character 42." as "invalid value at line 3, column 7".
    private static func lineAndColumn(in detail: String, data: Data) -> String? {
        guard let match = detail.firstMatch(of: /(.*) around character (\d+)/),
            let offset = Int(match.2), offset <= data.count
        else { return nil }
        let before = Array(data.prefix(offset))
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "\(match.1.lowercased()) at line \(line), column \(column)"
    }
}
