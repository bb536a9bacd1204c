import Foundation

/// `application/x-www-form-urlencoded`, as Mixpanel bodies and Snowplow pixel queries use it.
enum FormEncoding {
    static func decode(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = unescape(parts[0]), !key.isEmpty else { continue }
            fields[key] = parts.count > 1 ? unescape(parts[1]) ?? String(parts[1]) : ""
        }
        return fields
    }

    static func unescape(_ text: Substring) -> String? {
        String(text.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding
    }
}
