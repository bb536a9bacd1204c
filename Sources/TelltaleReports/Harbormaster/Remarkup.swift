import TelltaleModel

/// Writing Phabricator's markup safely: text that cannot open markup it did not mean.
enum Remarkup {
    /// A message: `**failure** at `file:line` (arguments: 3)` and its text as a code block.
    static func message(_ message: TestMessage, context: ReportContext) -> String {
        let kind =
            switch message.kind {
            case .failure: "failure"
            case .error: "error"
            case .skip: "skipped"
            case .knownIssue: "known issue"
            case .warning: "warning"
            }
        var head = "**\(kind)**"
        if let location = message.location { head += " at `\(context.relativeLocation(location))`" }
        if let testCase = message.testCase { head += " (arguments: \(inline(testCase)))" }
        return head + "\n" + codeBlock(PlainText.clean(message.text))
    }

    /// A fenced block; a fence inside the text is broken up so it cannot close the block early.
    static func codeBlock(_ text: String) -> String {
        "```\n" + text.replacingOccurrences(of: "```", with: "`\u{200B}``") + "\n```"
    }

    /// One line of text in running markup: newlines become spaces and the characters that start
    /// markup (`*`, `/`, `_`, `~`, `#`, `!`, `[`, `{`, `|`, backquote, `@`) are kept from doing so by a
    /// zero-width space after them where they could pair up.
    static func inline(_ text: String) -> String {
        var result = ""
        for character in PlainText.clean(text) {
            switch character {
            case "\n", "\r", "\t": result.append(" ")
            // Beyond the list above: closing brackets, `<`, `>`, and `=`, which `== headings ==` use.
            case "*", "/", "_", "~", "#", "!", "[", "]", "{", "}", "|", "`", "@", "<", ">", "=":
                result.append(character)
                result.append("\u{200B}")
            default: result.append(character)
            }
        }
        return result
    }

    /// The first non-empty line, without its line end.
    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
    }
}
