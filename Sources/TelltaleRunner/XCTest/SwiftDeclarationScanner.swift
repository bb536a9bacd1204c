import Foundation

/// The one reader of Swift sources' declarations (`XCTestDeclarations` finds where a test
/// method is declared, `TestSourceIndex` which files may declare a test), over source whose
/// comments and strings are blanked (`SwiftSourceText`).
///
/// Walks the code token by token, keeping a stack of the scopes braces open: a type's body
/// (after `class|struct|actor|enum|extension|protocol Name`) or anything else. A `func`
/// directly inside a type's body is its method; any other `func` (top level, or in a function's
/// body) has no type. Bytes, not characters: Swift's punctuation and keywords are ASCII, and any
/// other byte is part of an identifier.
package struct SwiftDeclarationScanner {
    package enum Declaration: Equatable {
        /// A type declared or extended: `Inner` of `extension Outer.Inner`, a raw identifier
        /// without its backticks.
        case type(name: String)
        /// A function, with the type whose body holds it directly (nil for any other).
        case method(type: String?, name: String, line: Int, column: Int)
        case superclass(type: String, superclass: String)
    }

    private struct Token {
        /// The word's bytes (an identifier, or a raw identifier with its backticks), or empty.
        var word: Range<Int>
        /// The punctuation mark, or 0 for a word.
        var mark: UInt8
        var line: Int
        var column: Int
    }

    private let code: [UInt8]
    private var tokens: [Token] = []
    private var position = 0

    package init(code: String) {
        self.code = Array(code.utf8)
        tokenize()
    }

    private static let typeKeywords: Set<String> = ["class", "struct", "actor", "enum", "extension", "protocol"]
    /// Words after `class` that make it a modifier (`class func`), not a declaration.
    private static let notNames: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "private", "fileprivate", "internal", "public", "open",
        "static", "init", "deinit", "required", "convenience",
    ]

    package mutating func scan(_ found: (Declaration) -> Void) {
        var scopes: [String?] = []
        var pendingType: String?
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token.mark {
            case UInt8(ascii: "{"):
                scopes.append(pendingType)
                pendingType = nil
            case UInt8(ascii: "}"):
                _ = scopes.popLast()
            case UInt8(ascii: ";"):
                pendingType = nil
            case 0 where isWord(token, "func"):
                guard let name = word(at: position) else { break }
                found(.method(type: scopes.last ?? nil, name: Self.unquoted(name), line: token.line, column: token.column))
            case 0 where token.word.count >= 4 && token.word.count <= 9:
                // Only a type keyword's length can be one: most words end here without a String.
                let keyword = text(token.word)
                guard Self.typeKeywords.contains(keyword), let name = word(at: position), !Self.notNames.contains(name) else { break }
                position += 1
                let type = Self.unquoted(dottedName(startingWith: name))
                pendingType = type
                found(.type(name: type))
                if keyword == "class", let superclass = superclassAfterName() {
                    found(.superclass(type: type, superclass: superclass))
                }
            default:
                break
            }
        }
    }

    /// `Inner` of `Outer.Inner` (what `extension Outer.Inner` extends), the tokens after
    /// `first` consumed.
    private mutating func dottedName(startingWith first: String) -> String {
        var name = first
        while mark(at: position) == UInt8(ascii: "."), let part = word(at: position + 1) {
            position += 2
            name = part
        }
        return name
    }

    /// `Base` of `class Sub: Base, Protocol {` or `class Sub<T>: Module.Base<T> {`.
    private mutating func superclassAfterName() -> String? {
        if mark(at: position) == UInt8(ascii: "<") { skipGenericParameters() }
        guard mark(at: position) == UInt8(ascii: ":"), let first = word(at: position + 1) else { return nil }
        position += 2
        return Self.unquoted(dottedName(startingWith: first))
    }

    private mutating func skipGenericParameters() {
        var depth = 0
        while position < tokens.count {
            let mark = tokens[position].mark
            if mark == UInt8(ascii: "{") { return }
            position += 1
            if mark == UInt8(ascii: "<") { depth += 1 }
            if mark == UInt8(ascii: ">") { depth -= 1 }
            if depth == 0 { return }
        }
    }

    private func word(at index: Int) -> String? {
        guard index < tokens.count, tokens[index].mark == 0 else { return nil }
        return text(tokens[index].word)
    }

    private func mark(at index: Int) -> UInt8? {
        index < tokens.count ? tokens[index].mark : nil
    }

    private func isWord(_ token: Token, _ keyword: StaticString) -> Bool {
        token.word.count == keyword.utf8CodeUnitCount
            && keyword.withUTF8Buffer { Array($0) == Array(code[token.word]) }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: code[range], as: UTF8.self)
    }

    /// Splits the code into words and punctuation marks, each with its line and column.
    private mutating func tokenize() {
        var index = 0
        var line = 1
        var lineStart = 0
        let backtick = UInt8(ascii: "`")
        while index < code.count {
            let byte = code[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            let start = index
            let column = index - lineStart + 1
            if byte == backtick {
                index += 1
                while index < code.count, code[index] != backtick, code[index] != UInt8(ascii: "\n") { index += 1 }
                index = min(index + 1, code.count)
                tokens.append(Token(word: start..<index, mark: 0, line: line, column: column))
            } else if Self.isIdentifier(byte) {
                while index < code.count, Self.isIdentifier(code[index]) { index += 1 }
                tokens.append(Token(word: start..<index, mark: 0, line: line, column: column))
            } else {
                index += 1
                tokens.append(Token(word: start..<start, mark: byte, line: line, column: column))
            }
        }
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    /// A raw identifier's name without its backticks: `` `Raw suite` `` is `Raw suite`.
    package static func unquoted(_ name: String) -> String {
        name.count > 1 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}
