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
        var scanner = Scanner(code: Array(SwiftSourceText.blanked(text).unicodeScalars))
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
    /// directly inside a type's body is its method.
    struct Scanner {
        let code: [Unicode.Scalar]
        private var index = 0
        private var line = 1
        private var lineStart = 0

        init(code: [Unicode.Scalar]) {
            self.code = code
        }

        private static let typeKeywords: Set<String> = ["class", "struct", "actor", "enum", "extension", "protocol"]
        /// Words after `class` that make it a modifier (`class func`), not a declaration.
        private static let notNames: Set<String> = [
            "func", "var", "let", "subscript", "override", "final", "private", "fileprivate", "internal", "public", "open",
            "static", "init", "deinit", "required", "convenience",
        ]

        private enum Token: Equatable {
            case word(String)
            case punctuation(Unicode.Scalar)
        }

        mutating func scan(_ found: (Declaration) -> Void) {
            var scopes: [String?] = []
            var pendingType: String?
            while let (token, tokenLine, column) = next() {
                switch token {
                case .punctuation("{"):
                    scopes.append(pendingType)
                    pendingType = nil
                case .punctuation("}"):
                    _ = scopes.popLast()
                case .punctuation(";"):
                    pendingType = nil
                case .word(let word) where Self.typeKeywords.contains(word):
                    guard let (nameToken, _, _) = peek(), case .word(var name) = nameToken, !Self.notNames.contains(name) else { break }
                    _ = next()
                    // `extension Outer.Inner` extends `Inner`.
                    while peek()?.0 == .punctuation("."), case .word(let part)? = peek(offset: 1)?.0 {
                        _ = next()
                        _ = next()
                        name = part
                    }
                    pendingType = Self.unquoted(name)
                    if word == "class", let superclass = superclassAfterName() {
                        found(.superclass(type: Self.unquoted(name), superclass: superclass))
                    }
                case .word("func"):
                    guard case .word(let name)? = peek()?.0, let owner = scopes.last ?? nil else { break }
                    found(.method(type: owner, name: Self.unquoted(name), line: tokenLine, column: column))
                default:
                    break
                }
            }
        }

        /// `Base` of `class Sub: Base, Protocol {` or `class Sub<T>: Module.Base<T> {`.
        private mutating func superclassAfterName() -> String? {
            if peek()?.0 == .punctuation("<") { skipGenericParameters() }
            guard peek()?.0 == .punctuation(":") else { return nil }
            _ = next()
            guard case .word(var name)? = peek()?.0 else { return nil }
            _ = next()
            while peek()?.0 == .punctuation("."), case .word(let part)? = peek(offset: 1)?.0 {
                _ = next()
                _ = next()
                name = part
            }
            return Self.unquoted(name)
        }

        private mutating func skipGenericParameters() {
            var depth = 0
            while let (token, _, _) = next() {
                if token == .punctuation("<") { depth += 1 }
                if token == .punctuation(">") { depth -= 1 }
                if depth == 0 || token == .punctuation("{") { return }
            }
        }

        private func peek(offset: Int = 0) -> (Token, Int, Int)? {
            var copy = self
            for _ in 0..<offset { _ = copy.next() }
            return copy.next()
        }

        /// The next word (an identifier, or a raw identifier with its backticks) or punctuation
        /// mark, with its line and column.
        private mutating func next() -> (Token, Int, Int)? {
            while index < code.count {
                let scalar = code[index]
                if scalar == "\n" {
                    line += 1
                    lineStart = index + 1
                    index += 1
                    continue
                }
                if scalar.properties.isWhitespace {
                    index += 1
                    continue
                }
                let start = index
                let column = index - lineStart + 1
                if scalar == "`" {
                    index += 1
                    while index < code.count, code[index] != "`", code[index] != "\n" { index += 1 }
                    index = min(index + 1, code.count)
                    return (.word(String(String.UnicodeScalarView(code[start..<index]))), line, column)
                }
                if Self.isIdentifier(scalar) {
                    while index < code.count, Self.isIdentifier(code[index]) { index += 1 }
                    return (.word(String(String.UnicodeScalarView(code[start..<index]))), line, column)
                }
                index += 1
                return (.punctuation(scalar), line, column)
            }
            return nil
        }

        private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }

        static func unquoted(_ name: String) -> String {
            name.count > 1 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
        }
    }
}
