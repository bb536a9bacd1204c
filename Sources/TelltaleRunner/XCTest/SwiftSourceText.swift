/// Swift source read for its declarations only: comments and string literals blanked, so a
/// commented-out test, or one quoted in a string, declares nothing.
package enum SwiftSourceText {
    /// `text` with every comment's and string literal's contents made spaces (byte for byte, so
    /// a non-ASCII character becomes several). Newlines stay: a line of the result is the same
    /// line of the source, and declarations keep their line numbers.
    package static func blanked(_ text: String) -> String {
        let quote = UInt8(ascii: "\"")
        let slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        let newline = UInt8(ascii: "\n")
        let backslash = UInt8(ascii: "\\")
        let bytes = Array(text.utf8)
        var result = bytes
        let count = bytes.count
        func blank(_ range: Range<Int>) {
            for index in range where result[index] != newline { result[index] = UInt8(ascii: " ") }
        }
        /// Where `a b c` starts at or after `from`, else the end.
        func find(_ a: UInt8, _ b: UInt8, _ c: UInt8?, from: Int) -> Int {
            var index = from
            while index + (c == nil ? 1 : 2) < count {
                if bytes[index] == a, bytes[index + 1] == b, c.map({ bytes[index + 2] == $0 }) ?? true { return index }
                index += 1
            }
            return count
        }
        var index = 0
        while index < count {
            let byte = bytes[index]
            let next = index + 1 < count ? bytes[index + 1] : 0
            if byte == quote, next == quote, index + 2 < count, bytes[index + 2] == quote {
                // A multi-line string: blanked to its closing quotes, its lines kept.
                let close = find(quote, quote, quote, from: index + 3)
                let end = min(close + 3, count)
                blank(index + 3..<end)
                index = end
            } else if byte == quote {
                // To its closing quote or the end of the line; an escape takes the byte after it.
                var end = index + 1
                while end < count, bytes[end] != quote, bytes[end] != newline { end += bytes[end] == backslash ? 2 : 1 }
                end = min(end, count)
                blank(index + 1..<end)
                index = end < count && bytes[end] == quote ? end + 1 : end
            } else if byte == slash, next == slash {
                var end = index
                while end < count, bytes[end] != newline { end += 1 }
                blank(index..<end)
                index = end
            } else if byte == slash, next == star {
                let close = find(star, slash, nil, from: index + 2)
                let end = min(close + 2, count)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
