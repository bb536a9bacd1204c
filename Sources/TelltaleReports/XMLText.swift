/// Makes arbitrary captured text safe for XML 1.0.
///
/// Test output is full of terminal colour codes and the occasional stray control
/// byte; XML 1.0 forbids most C0 controls outright, and one of them makes the
/// whole report unreadable to every consumer. ANSI escape sequences are removed
/// whole (a lone `[31m` left behind helps nobody); other forbidden characters are dropped.
enum XMLText {
    /// For element text: `&`, `<` and `>` escaped; quotes, tabs and line breaks kept.
    static func escapeContent(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// For a double- or single-quoted attribute value: quotes escaped too, and tabs and line
    /// breaks as character references.
    static func escapeAttribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\u{1B}":
                // CSI: ESC [ parameters… final byte in @…~. Other escapes: drop ESC and one character.
                if pending == "[" {
                    pending = scalars.next()
                    while let next = pending, !(0x40...0x7E).contains(next.value) { pending = scalars.next() }
                }
                pending = scalars.next()
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&apos;"
            // A raw line break in an attribute would be read back as a space (attribute-value
            // normalisation); a reference survives it.
            case "\n" where quotes: result += "&#10;"
            case "\r" where quotes: result += "&#13;"
            case "\t" where quotes: result += "&#9;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if isAllowed(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// XML 1.0's Char production, less the discouraged C1 controls.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
