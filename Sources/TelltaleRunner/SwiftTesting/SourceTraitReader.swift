import Foundation
import TelltaleModel

/// Reads `.bug(...)` and `.timeLimit(.minutes(N))` from a `@Test` or `@Suite` attribute in
/// the source, for event streams older than 6.4, which do not carry them.
///
/// A test record's source location points at its attribute's name (`@Test` → `Test`),
/// so the attribute's argument list starts right after it. Only literal arguments are
/// understood (`.bug("https://…", "title")`, `.bug(id: 12)`, `.timeLimit(.minutes(2))`);
/// anything computed is left out, never guessed.
struct SourceTraitReader {
    private var files: [String: [Substring]?] = [:]

    /// The bugs and time limit of the attribute at `line`:`column` (1-based) of `path`.
    mutating func traits(atPath path: String, line: Int, column: Int) -> TestTraits {
        guard let arguments = attributeArguments(path: path, line: line, column: column) else { return TestTraits() }
        return Self.traits(inArguments: arguments)
    }

    static func traits(inArguments text: String) -> TestTraits {
        var traits = TestTraits()
        for call in calls(named: ".bug(", in: text) {
            traits.bugs.append(bug(fromArguments: splitArguments(call)))
        }
        if let call = calls(named: ".timeLimit(", in: text).first,
            let minutes = calls(named: ".minutes(", in: call).first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        {
            traits.timeLimit = .seconds(minutes * 60)
        }
        return traits
    }

    private mutating func attributeArguments(path: String, line: Int, column: Int) -> String? {
        if files[path] == nil {
            files[path] = .some(
                (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.split(separator: "\n", omittingEmptySubsequences: false) })
        }
        guard let lines = files[path] ?? nil, line >= 1, line <= lines.count else { return nil }
        // The attribute may span lines; 200 is far more than any attribute takes.
        let text = lines[(line - 1)..<min(lines.count, line - 1 + 200)].joined(separator: "\n")
        var index = text.index(text.startIndex, offsetBy: max(0, column - 1), limitedBy: text.endIndex) ?? text.endIndex
        while index < text.endIndex, text[index].isLetter || text[index] == "_" { index = text.index(after: index) }
        while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
        guard index < text.endIndex, text[index] == "(" else { return nil }
        return Self.balanced(from: index, in: text)
    }

    /// The text inside the parenthesis that opens at `open`, string literals skipped over.
    private static func balanced(from open: String.Index, in text: String) -> String? {
        var depth = 0
        var inString = false
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" {
                    index = text.index(after: index)
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<index]) }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }

    /// The argument lists of every call to `name` (which ends in `(`) in `text`.
    private static func calls(named name: String, in text: String) -> [String] {
        var found: [String] = []
        var searchFrom = text.startIndex
        while let range = text.range(of: name, range: searchFrom..<text.endIndex) {
            let open = text.index(before: range.upperBound)
            if let inside = balanced(from: open, in: text) { found.append(inside) }
            searchFrom = range.upperBound
        }
        return found
    }

    /// Top-level, comma-separated arguments, trimmed.
    private static func splitArguments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
                continue
            }
            current.append(character)
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { parts.append(last) }
        return parts
    }

    /// `.bug(url, title)`, `.bug(url?, id: x, title?)`: a string before `id:` is the URL,
    /// one after it the title; without `id:`, the first string is the URL.
    private static func bug(fromArguments arguments: [String]) -> TestBug {
        var bug = TestBug()
        var sawID = false
        for argument in arguments {
            if argument.hasPrefix("id:") {
                let value = argument.dropFirst(3).trimmingCharacters(in: .whitespaces)
                bug.id = stringLiteral(value) ?? (value.allSatisfy(\.isNumber) ? value : nil)
                sawID = true
            } else if let literal = stringLiteral(argument) {
                if bug.url == nil, !sawID, bug.title == nil {
                    bug.url = literal
                } else {
                    bug.title = literal
                }
            }
        }
        // `.bug(id: 12, "title")` has no URL; `.bug("title-looking")` keeps what was written.
        return bug
    }

    /// The value of a plain string literal, `"…"`, or nil for anything else.
    private static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.contains("\\(") else { return nil }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
    }
}
