import Foundation

/// `application/x-www-form-urlencoded`, as Mixpanel bodies and Snowplow pixel queries use it.
enum FormEncoding {
    /// `a=1&b=x%20y` → `["a": "1", "b": "x y"]`. A key without `=` has the value `""`, a repeated
    /// key keeps its last value, and a value that is not valid percent-encoding is kept as sent.
    static func decode(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = unescape(parts[0]), !key.isEmpty else { continue }
            fields[key] = parts.count > 1 ? unescape(parts[1]) ?? String(parts[1]) : ""
        }
        return fields
    }

    /// `+` as a space, then `%XX`; nil for a broken escape (`%G1`).
    static func unescape(_ text: Substring) -> String? {
        String(text.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding
    }
}
