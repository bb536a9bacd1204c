import TelltaleModel

/// A failure message's place, read from its text: xcresulttool names failures
/// `File.swift:42: XCTAssertEqual failed: …` (a file name, no folder), and a source code
/// reference may be `File.swift:42` alone. Text with no such prefix has no place.
enum XCResultMessageText {
    /// The location and the message after it; the text unchanged, and no location, otherwise.
    static func split(_ text: String) -> (location: SourceLocation?, text: String) {
        guard let (location, rest) = prefixLocation(text) else { return (nil, text) }
        return (location, rest.isEmpty ? text : rest)
    }

    /// `File.swift:42` or `File.swift:42:7` as the whole text (a source code reference).
    static func location(_ text: String) -> SourceLocation? {
        guard let (location, rest) = prefixLocation(text + ": "), rest.isEmpty else { return nil }
        return location
    }

    /// `FILE:LINE[:COLUMN]: REST` where FILE ends in an extension and holds no colon or line break.
    private static func prefixLocation(_ text: String) -> (SourceLocation, String)? {
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let file = parts[0]
        guard isFileName(file), let line = Int(parts[1]), line > 0 else { return nil }
        // `File.swift:42:7: message` carries a column; `File.swift:42: message` does not.
        if parts.count == 4, let column = Int(parts[2]) {
            return (SourceLocation(file: String(file), line: line, column: column), trimmed(parts[3]))
        }
        // Only a space or nothing may follow the line: `File.swift:42:x` is not a place.
        let rest = parts.dropFirst(2).joined(separator: ":")
        guard rest.isEmpty || rest.hasPrefix(" ") else { return nil }
        return (SourceLocation(file: String(file), line: line), trimmed(Substring(rest)))
    }

    /// `Cart.swift`, not `Expectation failed` or ` File.swift`: a name, a dot and an extension of
    /// letters and digits, so prose with a colon in it keeps its text whole.
    private static func isFileName(_ text: Substring) -> Bool {
        guard !text.isEmpty, !text.contains("\n"), !text.hasPrefix(" "), let dot = text.lastIndex(of: ".") else { return false }
        let ext = text[text.index(after: dot)...]
        return !ext.isEmpty && ext.allSatisfy { $0.isLetter || $0.isNumber } && dot != text.startIndex
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " })
    }
}
