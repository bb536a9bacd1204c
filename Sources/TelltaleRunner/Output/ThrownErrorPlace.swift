import TelltaleModel

/// A thrown error that names where it happened before its text, as a compiler names a place
/// (`/…/CartTests.swift:42:9: expected 1 × purchase…`; `EventVerificationError` does). Both
/// frameworks place a thrown error at the test itself (Swift Testing) or nowhere (XCTest on
/// Linux), so the error's own place is the better one: the message moves there, its text
/// without the place.
enum ThrownErrorPlace {
    /// The place and the text without it, when `text` (as a framework wrote the error:
    /// `Caught error: …`, `threw error "…"`, `failed: caught error: "…"`, or bare) starts with one.
    static func split(_ text: String) -> (location: SourceLocation, text: String)? {
        // Absolute paths only, so a relative `a.swift:1:2:` in an error's own words stays text.
        let pattern = #/^(Caught error: |threw error "|failed: caught error: ")?(/[^\n]*?\.swift):([0-9]+):([0-9]+): /#
        guard let match = text.prefixMatch(of: pattern), let line = Int(match.output.3), let column = Int(match.output.4) else {
            return nil
        }
        let rest = text[match.range.upperBound...]
        return (SourceLocation(file: String(match.output.2), line: line, column: column), String(match.output.1 ?? "") + rest)
    }
}
