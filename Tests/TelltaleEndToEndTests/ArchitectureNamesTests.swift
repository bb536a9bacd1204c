import Foundation
import TelltaleTestSupport
import Testing

/// Docs/Architecture.md is the design of record: every Swift name it puts in backticks
/// (`RunRecordBuilder`, `RecordStep.standard`, `CoverageGateFailure.Figure.incomplete`) is declared
/// in the sources or the tests, so a renamed or removed type or member fails here, as a target
/// the page does not name fails `Scripts/check-dependencies`.
@Suite(.tags(.small))
struct ArchitectureNamesTests {
    /// Names that are not Telltale's: the standard library's, Foundation's and the packages' it
    /// depends on, as the page uses them.
    static let external: Set<String> = [
        "ArgumentParser", "AsyncHTTPClient", "CompressNIO", "Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1",
        "NIOHTTPTypes", "NIOHTTPTypesHTTP1", "NIOSSL", "Logging", "ServiceLifecycle", "ServiceGroup", "Yams", "GRDB", "PostgresNIO",
        "Subprocess", "SystemPackage", "Foundation", "XCTest", "Testing", "Codable", "Decoder", "DecodingError", "JSONDecoder",
        "JSONEncoder", "JSONSerialization", "LocalizedError", "Duration", "Date", "Data", "String", "Int", "Double", "Bool", "Sendable", "Hashable",
        "ValidationError", "ExitCode", "HTTPError", "PackageResources", "Service", "Task", "XMLDocument", "ProcessInfo", "URL",
        "FileManager", "Process", "Regex", "AsyncSequence", "ContinuousClock",
        // SwiftPM's and swift-testing's own, where the page says how `swift test` does a thing.
        "SwiftTestCommand", "Test",
    ]

    /// Every backticked token of the page that names a Swift type, or a type and its members.
    static func names(in page: String) throws -> Set<String> {
        let token = try Regex(#"`([A-Z][A-Za-z0-9]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`"#)
        var names: Set<String> = []
        for match in page.matches(of: token) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            // File names (`Package.swift`, `CHANGELOG.md`) and variables (`CI`, `HOME`) are not Swift names.
            if name.contains(".swift") || name.hasSuffix(".md") || name.hasSuffix(".yml") || name.hasSuffix(".json") { continue }
            if !name.contains(where: \.isLowercase) { continue }
            names.insert(name)
        }
        return names
    }

    /// The declared type names and member names of every Swift file under `folders`.
    static func declarations(under folders: [String]) throws -> (types: Set<String>, members: Set<String>) {
        let type = try Regex(#"\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)"#)
        let member = try Regex(#"\b(?:func|var|let|case|init)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
        var types: Set<String> = []
        var members: Set<String> = []
        for folder in folders {
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") && !file.contains(".build") && !file.contains("Fixtures/") {
                let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                for match in text.matches(of: type) { if let name = match.output[1].substring { types.insert(String(name)) } }
                for match in text.matches(of: member) { if let name = match.output[1].substring { members.insert(String(name)) } }
                // `case a, b, c`: every case of the line.
                for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("case ") {
                    for part in line.dropFirst(line.distance(from: line.startIndex, to: line.firstIndex(of: "c")!) + 5).split(separator: ",") {
                        let name = part.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { members.insert(String(name)) }
                    }
                }
            }
        }
        return (types, members)
    }

    /// The targets and traits `Package.swift` declares: the page names modules too.
    static func packageNames(root: String) throws -> Set<String> {
        let manifest = try String(contentsOfFile: "\(root)/Package.swift", encoding: .utf8)
        let declared = try Regex(#"(?:name|\.trait)\(?:?\s*"([A-Za-z][A-Za-z0-9-]*)""#)
        return Set(manifest.matches(of: declared).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The names of the page that nothing declares.
    static func undeclared(page: String, root: String) throws -> [String] {
        var (types, members) = try declarations(under: ["\(root)/Sources", "\(root)/Tests", "\(root)/Plugins", "\(root)/Examples"])
        types.formUnion(try packageNames(root: root))
        return try names(in: page).filter { name in
            let parts = name.split(separator: ".").map(String.init)
            if external.contains(parts[0]) { return false }
            // A file of the repository (`Dockerfile`, `Package.resolved`), not a Swift name.
            if FileManager.default.fileExists(atPath: "\(root)/\(name)") || name == "Package.resolved" { return false }
            guard types.contains(parts[0]) else { return true }
            return parts.dropFirst().contains { part in part.first!.isUppercase ? !types.contains(part) : !members.contains(part) }
        }
        .sorted()
    }

    @Test func everyNameThePageGivesIsDeclared() throws {
        let root = TelltaleProcess.repositoryRoot
        let page = try String(contentsOfFile: "\(root)/Docs/Architecture.md", encoding: .utf8)
        let missing = try Self.undeclared(page: page, root: root)
        #expect(missing.isEmpty, "Docs/Architecture.md names what no source declares: \(missing.joined(separator: ", "))")
        #expect(try Self.names(in: page).count > 200)
    }

    /// The check can fail: a removed type, and a removed member of a type that exists.
    @Test func aRemovedNameIsFound() throws {
        let root = TelltaleProcess.repositoryRoot
        let page = "`RunRecordBuilder` builds it; `NoSuchBuilder` did; `RecordStep.standard` and `RecordStep.noSuchStep`; `Package.swift`; `CI`"
        #expect(try Self.undeclared(page: page, root: root) == ["NoSuchBuilder", "RecordStep.noSuchStep"])
    }
}
