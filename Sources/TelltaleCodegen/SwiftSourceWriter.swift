/// Lines of Swift with indentation, doc comments and string literals, for the generator.
struct SwiftSourceWriter {
    private(set) var text = ""
    /// Levels of four spaces.
    private var indentation = 0

    /// One line at the current indentation; an empty one gets no trailing spaces.
    mutating func line(_ line: String = "") {
        text += line.isEmpty ? "\n" : String(repeating: "    ", count: indentation) + line + "\n"
    }

    /// A `///` line per line; an empty line is a bare `///`.
    mutating func documentation(_ lines: [String]) {
        for line in lines { self.line(line.isEmpty ? "///" : "/// " + line) }
    }

    /// `opening {`, the body one level in, `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening + " {")
        indentation += 1
        body(&self)
        indentation -= 1
        line("}")
    }

    /// A Swift string literal holding `text` exactly.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            // Other control characters as `\u{1b}`: none is written raw into the file.
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
