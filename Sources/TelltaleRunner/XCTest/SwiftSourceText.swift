/// Swift source read for its declarations only: comments and string literals blanked, so a
/// commented-out test, or one quoted in a string, declares nothing.
public enum SwiftSourceText {
    /// `text` with every comment and string literal's characters made spaces. Newlines stay, so
    /// a line of the result is the same line of the source (declarations keep their line numbers).
    public static func blanked(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        var inString = false
        func blank(_ part: Substring) { result += String(part.map { $0 == "\n" ? "\n" : " " }) }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let following = next < text.endIndex ? text[next] : nil
            if inString {
                if character == "\\", next < text.endIndex {
                    blank(text[index...next])
                    index = text.index(after: next)
                    continue
                }
                if character == "\"" || character == "\n" { inString = false }
                result.append(character == "\"" || character == "\n" ? character : " ")
                index = next
            } else if text[index...].hasPrefix("\"\"\"") {
                // A multi-line string: blanked to its closing quotes, its lines kept.
                let body = text[text.index(index, offsetBy: 3)...]
                let end = body.range(of: "\"\"\"")?.upperBound ?? text.endIndex
                result += "\"\"\""
                blank(text[body.startIndex..<end])
                index = end
            } else if character == "\"" {
                inString = true
                result.append(character)
                index = next
            } else if character == "/", following == "/" {
                let end = text[index...].firstIndex(of: "\n") ?? text.endIndex
                blank(text[index..<end])
                index = end
            } else if character == "/", following == "*" {
                let rest = text[text.index(after: next)...]
                let end = rest.range(of: "*/")?.upperBound ?? text.endIndex
                blank(text[index..<end])
                index = end
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }
}
