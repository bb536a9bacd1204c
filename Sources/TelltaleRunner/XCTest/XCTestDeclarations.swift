import Foundation
import TelltaleModel

/// Where XCTest test methods are declared, read from their test targets' sources: XCTest on
/// Linux reports no place for a test (Swift Testing's event stream does), so JUnit's `file` and
/// `line`, annotations and the HTML would have none for a passing test.
///
/// Each file is read with comments and strings blanked (`SwiftSourceText`) for the types it
/// declares or extends and the methods directly inside each, and for each class's superclass.
/// `Module.Class/testName` is then found in `Class` or an extension of it (in any file of the
/// module), else in its superclass, and so on up: XCTest lists an inherited test under the
/// subclass, and its declaration is the base class's.
struct XCTestDeclarations {
    private struct Method: Hashable {
        var type: String
        var name: String
    }

    private var methods: [Method: SourceLocation] = [:]
    private var superclasses: [String: String] = [:]

    /// Indexes `text`, the source of the file at `path`.
    mutating func add(path: String, text: String) {
        var scanner = Scanner(code: SwiftSourceText.blanked(text))
        scanner.scan { declaration in
            switch declaration {
            case .method(let type, let name, let line, let column):
                let key = Method(type: type, name: name)
                if methods[key] == nil { methods[key] = SourceLocation(file: path, line: line, column: column) }
            case .superclass(let type, let superclass):
                superclasses[type] = superclass
            }
        }
    }

    /// Where `id`'s method is declared, or nil when no indexed source declares it.
    func location(of id: TestID) -> SourceLocation? {
        var type = id.components.dropLast().last.map(Scanner.unquoted)
        let name = Scanner.unquoted(id.name)
        var seen: Set<String> = []
        while let current = type, seen.insert(current).inserted {
            if let found = methods[Method(type: current, name: name)] { return found }
            type = superclasses[current]
        }
        return nil
    }

    /// The sources of each test module, as the build compiled them: SwiftPM writes a module's
    /// source list to `<bin>/<Module>.build/sources`, one path a line, single-quoted when it has
    /// a space (`'/p/Tests/M/With Space.swift'`). Without it (another build system), the
    /// conventional `Tests/<Module>` folder of the package.
    static func sources(ofModule module: String, binDirectory: String, packageRoot: String) -> [String] {
        let list = "\(binDirectory)/\(module).build/sources"
        if let text = try? String(contentsOfFile: list, encoding: .utf8) {
            return text.split(whereSeparator: \.isNewline).map { line in
                line.count > 1 && line.hasPrefix("'") && line.hasSuffix("'")
                    ? line.dropFirst().dropLast().replacingOccurrences(of: #"'\''"#, with: "'") : String(line)
            }
            .filter { $0.hasSuffix(".swift") }
        }
        let folder = "\(packageRoot)/Tests/\(module)"
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    /// `tests` with the place each XCTest test is declared, from the test modules' sources
    /// (`testProduct` is the built `*PackageTests.xctest`, beside the modules' build folders).
    /// A test whose method no source declares keeps no location.
    static func locating(_ tests: [ListedTest], testProduct: String, packageRoot: String) -> [ListedTest] {
        let binDirectory = URL(fileURLWithPath: testProduct).deletingLastPathComponent().path
        let modules = Set(tests.filter { $0.framework == .xctest }.map(\.id.module))
        guard !modules.isEmpty else { return tests }
        var declarations = XCTestDeclarations()
        // A base class may live in any of the package's test modules: all are read, into one index.
        for module in modules.sorted() {
            for path in sources(ofModule: module, binDirectory: binDirectory, packageRoot: packageRoot) {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                declarations.add(path: path, text: text)
            }
        }
        return tests.map { test in
            guard test.framework == .xctest, test.location == nil else { return test }
            var test = test
            test.location = declarations.location(of: test.id)
            return test
        }
    }
}

extension XCTestDeclarations {
    enum Declaration {
        case method(type: String, name: String, line: Int, column: Int)
        case superclass(type: String, superclass: String)
    }

    /// Walks blanked source token by token, keeping a stack of the scopes braces open: a type's
    /// body (after `class|struct|actor|enum|extension|protocol Name`) or anything else. A `func`
    /// directly inside a type's body is its method. Bytes, not characters: Swift's punctuation
    /// and keywords are ASCII, and any other byte is part of an identifier.
    struct Scanner {
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

        init(code: String) {
            self.code = Array(code.utf8)
            tokenize()
        }

        private static let typeKeywords: Set<String> = ["class", "struct", "actor", "enum", "extension", "protocol"]
        /// Words after `class` that make it a modifier (`class func`), not a declaration.
        private static let notNames: Set<String> = [
            "func", "var", "let", "subscript", "override", "final", "private", "fileprivate", "internal", "public", "open",
            "static", "init", "deinit", "required", "convenience",
        ]

        mutating func scan(_ found: (Declaration) -> Void) {
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
                    guard let name = word(at: position), let owner = scopes.last ?? nil else { break }
                    found(.method(type: owner, name: Self.unquoted(name), line: token.line, column: token.column))
                case 0 where token.word.count >= 4 && token.word.count <= 9:
                    // Only a type keyword's length can be one: most words end here without a String.
                    let keyword = text(token.word)
                    guard Self.typeKeywords.contains(keyword), let name = word(at: position), !Self.notNames.contains(name) else { break }
                    position += 1
                    let type = Self.unquoted(dottedName(startingWith: name))
                    pendingType = type
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

        static func unquoted(_ name: String) -> String {
            name.count > 1 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
        }
    }
}
