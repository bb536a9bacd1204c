import Yams

/// Spells strings so YAML reads them back unchanged: plain when that is
/// unambiguous, single-quoted (no escapes, good for regexes) otherwise, and
/// double-quoted only for control characters such as newlines.
enum YAMLScalar {
    /// `~`, YAML's null, for nil: it reads back as a key left out.
    static func optional(_ value: String?) -> String {
        value.map(string) ?? "~"
    }

    /// Numbers print bare: they must read back as numbers, not strings.
    static func optional(_ value: Int?) -> String {
        value.map(String.init) ?? "~"
    }

    /// `value` spelled so YAML reads it back as the same string: `Reports`, `'^Checkout\.'`,
    /// `'true'`, `'2026-12-31'`, `"line\nbreak"`.
    static func string(_ value: String) -> String {
        if isPlainSafe(value) { return value }
        if value.unicodeScalars.allSatisfy({ !isControl($0) }) {
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return doubleQuoted(value)
    }

    /// Conservative: plain only for path- and name-like text that resolves to
    /// a string, never to null, a boolean or a number.
    private static func isPlainSafe(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first else { return false }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./-@+=:".unicodeScalars.contains(scalar)
        }
        // With no spaces allowed, a colon only ends a key when it ends the text (`http://host:80` is fine).
        guard value.last != ":" else { return false }
        // `-` starts a list item unless more follows, as in `--seed`.
        let safeStart =
            first.properties.isAlphabetic || ("0"..."9").contains(first)
            || "_./".unicodeScalars.contains(first) || (first == "-" && value.unicodeScalars.count > 1)
        // And Yams must resolve it to a string: `true`, `no`, `null`, `12`, `1.5` and `2026-12-31`
        // are not, so they are quoted.
        return allowed && safeStart && Resolver.default.resolveTag(of: Node(value)) == .str
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// The one style with escapes, for text with control characters: `\n`, `\t`, `\r`, or `\uXXXX`.
    private static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            // Any other control character as `\u` and four hex digits, which the
            // double-quoted style reads.
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
