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
        var scanner = SwiftDeclarationScanner(code: SwiftSourceText.blanked(text))
        scanner.scan { declaration in
            switch declaration {
            case .method(let type?, let name, let line, let column):
                let key = Method(type: type, name: name)
                if methods[key] == nil { methods[key] = SourceLocation(file: path, line: line, column: column) }
            case .superclass(let type, let superclass):
                superclasses[type] = superclass
            case .method(nil, _, _, _), .type:
                break
            }
        }
    }

    /// Where `id`'s method is declared, or nil when no indexed source declares it.
    func location(of id: TestID) -> SourceLocation? {
        var type = id.components.dropLast().last.map(SwiftDeclarationScanner.unquoted)
        let name = SwiftDeclarationScanner.unquoted(id.name)
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
