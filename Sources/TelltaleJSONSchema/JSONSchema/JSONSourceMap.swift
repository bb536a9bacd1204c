/// Where each value of a JSON text is, and the order of each object's keys: `JSONValue`
/// keeps neither, and a schema's problems must point at a line and its properties keep the
/// order they were written in (messages list them so).
package struct JSONSourceMap: Sendable, Hashable {
    /// A 1-based line and column (in characters).
    package struct Position: Sendable, Hashable {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        package static let start = Position(line: 1, column: 1)
    }

    /// Where each value starts, by its path from the root.
    package var values: [ParamPath: Position] = [:]
    /// Where the key of each object member is, by the member's path.
    package var keys: [ParamPath: Position] = [:]
    /// Each object's keys in the order written, by the object's path.
    package var keyOrder: [ParamPath: [String]] = [:]

    package init() {}

    /// The map of a JSON text that `JSONValue(parsing:)` accepts; an invalid text maps what
    /// comes before the fault.
    package init(json text: String) {
        var text = text
        self = text.withUTF8 { bytes in
            var scanner = JSONSourceScanner(bytes: bytes)
            scanner.scanValue(path: [])
            return scanner.map
        }
    }

    /// Where a problem about the value at `path` (or, with `atKey`, the key naming it) should
    /// point: the nearest position known on the way to it.
    package func position(of path: [ParamPath.Component], atKey: Bool = false) -> Position {
        var components = path
        if atKey, !components.isEmpty, let position = keys[ParamPath(components)] { return position }
        while true {
            // Up the path until a position is known; the start of the text when none is.
            if let position = values[ParamPath(components)] { return position }
            guard !components.isEmpty else { return .start }
            components.removeLast()
        }
    }
}

/// One pass over valid JSON bytes, noting positions and key order; values themselves are
/// skipped (`JSONValue` parses them).
private struct JSONSourceScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var line = 1
    var lineStart = 0
    var map = JSONSourceMap()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var position: JSONSourceMap.Position {
        // Columns count characters: UTF-8 continuation bytes are not counted.
        var column = 1
        var offset = lineStart
        while offset < index {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return JSONSourceMap.Position(line: line, column: column)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            // Only `\n` starts a line, so `\r\n` counts once.
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    mutating func scanValue(path: [ParamPath.Component]) {
        skipWhitespace()
        guard index < bytes.count else { return }
        map.values[ParamPath(path)] = position
        switch bytes[index] {
        case UInt8(ascii: "{"): scanObject(path: path)
        case UInt8(ascii: "["): scanArray(path: path)
        case UInt8(ascii: "\""): _ = scanString()
        default:
            // A number or literal: up to the next delimiter.
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
        }
    }

    /// What may follow a number or literal: the structural characters that end one, and whitespace.
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: "\r"):
            true
        default: false
        }
    }

    mutating func scanObject(path: [ParamPath.Component]) {
        index += 1
        var order: [String] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                break
            }
            // Commas are skipped wherever they are: the parser has judged the text, the scan only notes
            // where things are.
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let keyPosition = position
            guard let key = scanString() else { break }
            order.append(key)
            let memberPath = path + [.key(key)]
            map.keys[ParamPath(memberPath)] = keyPosition
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { break }
            index += 1
            scanValue(path: memberPath)
        }
        map.keyOrder[ParamPath(path)] = order
    }

    mutating func scanArray(path: [ParamPath.Component]) {
        index += 1
        var element = 0
        while true {
            skipWhitespace()
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let before = index
            scanValue(path: path + [.index(element)])
            element += 1
            // A value that took no bytes (invalid text) would loop forever: stop the scan here.
            if index == before { return }
        }
    }

    /// The string at `index` (which is its opening quote), unescaped; nil if it never ends.
    mutating func scanString() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        index += 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                // An escape is two bytes at least, so `\"` does not end the string; `\u00e9`'s other four are
                // ordinary bytes.
                index += 2
                continue
            }
            index += 1
            if byte == UInt8(ascii: "\"") {
                let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if !escaped { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
                // A key with escapes is unescaped by the parser itself: `"caf\u00e9"` is `café`.
                return (try? JSONValue(parsing: literal))?.stringValue
            }
        }
        return nil
    }
}
