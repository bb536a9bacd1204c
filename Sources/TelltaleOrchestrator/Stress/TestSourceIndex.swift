import Foundation
import TelltaleModel
import TelltaleRunner

/// Which source files of a test target may declare a test: XCTest on Linux reports no source
/// locations, so a test's file is found by reading the sources.
///
/// Each file is read (by `SwiftDeclarationScanner`, as `XCTestDeclarations` reads it) for the
/// types it declares or extends (`class`, `struct`, `actor`, `enum`,
/// `extension Name`; `extension Outer.Inner` counts for `Inner`) and the functions it declares
/// (`func name(`). A test `Module.Suite/name()` (or XCTest's `Module.Class/testName`) may be
/// declared in a file of its module that has both its innermost suite and its function; a
/// top-level `Module.name()` in one that has the function. That can name a file too many (two
/// suites in one module with a same-named test, one of them in the file), never one too few
/// for a test written as Swift writes tests. An id with Swift Testing's source-location suffix
/// (`/CartTests.swift:16:6`) names its file itself.
struct TestSourceIndex: Sendable, Equatable {
    struct File: Sendable, Equatable {
        var module: String
        /// As reports show it: relative to the package.
        var path: String
        var types: Set<String>
        var functions: Set<String>
    }

    var files: [File]

    /// The index of `text`, the source of `path` in `module`, read by the one Swift-source reader.
    static func file(module: String, path: String, text: String) -> File {
        var types: Set<String> = []
        var functions: Set<String> = []
        var scanner = SwiftDeclarationScanner(code: SwiftSourceText.blanked(text))
        scanner.scan { declaration in
            switch declaration {
            case .type(let name): types.insert(name)
            case .method(_, let name, _, _): functions.insert(name)
            case .superclass: break
            }
        }
        return File(module: module, path: path, types: types, functions: functions)
    }

    /// Reads each `.swift` file given (`path` absolute, `shown` as the index names it); a file
    /// that cannot be read (the change deleted it) is left out.
    static func reading(_ sources: [(module: String, path: String, shown: String)]) -> TestSourceIndex {
        TestSourceIndex(
            files: sources.compactMap { source in
                guard source.path.hasSuffix(".swift"), let text = try? String(contentsOfFile: source.path, encoding: .utf8) else { return nil }
                return file(module: source.module, path: source.shown, text: text)
            })
    }

    /// The files of the index that may declare `id`.
    func files(declaring id: TestID) -> [String] {
        let module = id.module
        if let suffix = id.sourceLocationSuffix, let fileName = suffix.split(separator: ":").first {
            return files.filter { $0.module == module && URL(fileURLWithPath: $0.path).lastPathComponent == fileName }.map(\.path)
        }
        let parts = id.components
        guard let name = parts.last else { return [] }
        let function = Self.functionName(name)
        let suite = parts.dropLast().last.map(SwiftDeclarationScanner.unquoted)
        return files.filter { file in
            file.module == module && file.functions.contains(function) && (suite.map { file.types.contains($0) } ?? true)
        }
        .map(\.path)
    }

    /// The function a test id's last component names: `name` of `name(_:)`, `a (b) c` of a raw
    /// identifier's `` `a (b) c`(n:) `` (its parentheses are part of the name), `testName` of XCTest's.
    static func functionName(_ component: String) -> String {
        if component.hasPrefix("`"), let close = component.dropFirst().firstIndex(of: "`") {
            return String(component[component.index(after: component.startIndex)..<close])
        }
        return String(component.prefix { $0 != "(" })
    }
}
