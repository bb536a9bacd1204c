import Foundation

/// Base64 as trackers send it: standard or URL-safe alphabet, padded or not.
enum Base64 {
    static func decode<S: StringProtocol>(_ text: S) -> Data? {
        var normalised = String(text).trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        normalised = normalised.replacingOccurrences(of: "=", with: "")
        // Padding is put back as Foundation wants it; a remainder of one digit is no base64 at all.
        let remainder = normalised.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { normalised += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: normalised)
    }
}
