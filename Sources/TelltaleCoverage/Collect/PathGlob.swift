/// A glob over paths relative to the package, for `coverage.include` and `coverage.exclude`:
/// `*` matches within one path component, `**` across components (`Sources/**/Generated/*`),
/// `?` one character. A pattern without `/` matches a file's name in any folder (`*+Mock.swift`).
package struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    /// The pattern's characters, any leading `./` dropped.
    private let pieces: [Character]
    /// The pattern has no `/`: it is matched against a file's name alone.
    private let matchesName: Bool

    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        matchesName = !trimmed.contains("/")
        pieces = Array(trimmed)
    }

    package var description: String { pattern }

    package func matches(_ path: String) -> Bool {
        let subject = matchesName ? Substring(path.split(separator: "/").last ?? "") : Substring(path)
        return Self.match(pieces[...], Array(subject)[...])
    }

    /// Whether all of `text` matches all of `pattern`, trying each length a `*` may take.
    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            let isDouble = pattern.dropFirst().first == "*"
            let rest = pattern.dropFirst(isDouble ? 2 : 1)
            // `**/` also matches no folder at all.
            if isDouble, rest.first == "/", match(rest.dropFirst(), text) { return true }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, isDouble || text[index] != "/" else { return false }
                index += 1
            }
        case "?":
            guard let character = text.first, character != "/" else { return false }
            return match(pattern.dropFirst(), text.dropFirst())
        default:
            guard text.first == first else { return false }
            return match(pattern.dropFirst(), text.dropFirst())
        }
    }
}
