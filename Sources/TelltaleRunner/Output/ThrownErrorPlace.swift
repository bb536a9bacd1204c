import TelltaleModel

/// A thrown error that names where it happened before its text, as a compiler names a place
/// (`/…/CartTests.swift:42:9: expected 1 × purchase…`; `EventVerificationError` does). Both
/// frameworks place a thrown error at the test itself (Swift Testing) or nowhere (XCTest on
/// Linux), so the error's own place is the better one: the message moves there, its text
/// without the place (`SourceLocation.leading`).
enum ThrownErrorPlace {
    /// How each framework writes a thrown error before its text: Swift Testing, XCTest on Linux,
    /// XCTest on Darwin, or bare.
    static let prefixes = ["Caught error: ", "threw error \"", "failed: caught error: \"", ""]

    /// The place and the text without it, when `text` (as a framework wrote the error) starts with one.
    static func split(_ text: String) -> (location: SourceLocation, text: String)? {
        for prefix in prefixes where text.hasPrefix(prefix) {
            if let placed = SourceLocation.leading(in: text.dropFirst(prefix.count)) { return (placed.location, prefix + placed.rest) }
        }
        return nil
    }
}
