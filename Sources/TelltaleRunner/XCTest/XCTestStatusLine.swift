import Foundation

/// Where XCTest's status lines (`Test Case '…' started at …`, `Test Suite '…' passed at …`) start
/// inside a line of a test process's output.
///
/// A test process's standard output and error reach Telltale through one pipe (two, read
/// apart, under `swift test`), so text a test wrote without a final newline, on either
/// stream, comes first on the line that XCTest's next status line ends: `partialTest Case
/// 'C.t' passed (0.001 seconds)`. Every launcher's lines are split here, before the console
/// is parsed, so such a line is read as the text and the status line it is.
enum XCTestStatusLine {
    static let markers = ["Test Case '", "Test Suite '"]

    /// `line` cut before every status line that follows other text; one piece when there is none.
    static func pieces(of line: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line)
        while let start = gluedStart(in: rest) {
            pieces.append(String(rest[..<start]))
            rest = rest[start...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// Where a status line starts after the first character of `text`, if one does.
    static func gluedStart(in text: Substring) -> String.Index? {
        guard !text.isEmpty else { return nil }
        let afterStart = text.index(after: text.startIndex)..<text.endIndex
        return markers.compactMap { text.range(of: $0, range: afterStart)?.lowerBound }.min()
    }
}
