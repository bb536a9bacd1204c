/// Captured text made fit for a plain-text consumer (annotations, Markdown, HTML text nodes):
/// terminal colour codes removed whole, other control characters dropped, tabs and newlines kept.
enum PlainText {
    static func clean(_ text: String) -> String {
        // Fast path: nothing to remove.
        if !text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 == 0x7F }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x1B:
                // CSI: ESC [ parameters… final byte in @…~. Other escapes: drop ESC and one character.
                if pending == "[" {
                    pending = scalars.next()
                    while let next = pending, !(0x40...0x7E).contains(next.value) { pending = scalars.next() }
                }
                pending = scalars.next()
            case 0x09, 0x0A: result.unicodeScalars.append(scalar)
            case 0x0D:
                // \r\n becomes \n; a lone \r (progress bars) becomes a newline too.
                if pending != "\n" { result.unicodeScalars.append("\n") }
            case 0x00..<0x20, 0x7F: break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first line of `text`, at most `limit` characters, with `…` when cut.
    static func firstLine(_ text: String, limit: Int) -> String {
        let line = text.prefix { $0 != "\n" }
        return line.count > limit ? String(line.prefix(limit)) + "…" : String(line)
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a scalar boundary, followed by `note` when cut.
    static func capped(_ text: String, bytes limit: Int, note: String) -> String {
        let bytes = text.utf8
        guard bytes.count > limit else { return text }
        // Back off continuation bytes (10xxxxxx) to the start of the scalar the limit falls in.
        var end = bytes.index(bytes.startIndex, offsetBy: limit)
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
        return String(text[..<end]) + "\n" + note
    }
}
