import Foundation
import TelltaleProcesses

/// Where an import's JSON comes from, read and decoded.
///
/// - an `.xcresult` bundle: on macOS, `xcrun xcresulttool get test-results tests|summary
///   --path BUNDLE` (the current JSON, never `--legacy`); elsewhere a usage error saying how to
///   export the JSON on a Mac;
/// - a folder holding `tests.json` and, optionally, `summary.json` (what those two commands print);
/// - a file: the tests JSON itself, with the summary given apart (`--summary`) or not at all.
package struct XCResultFiles: Sendable {
    package static let testsFileName = "tests.json"
    package static let summaryFileName = "summary.json"

    package var tests: XCResultTests
    /// Absent when a folder has no `summary.json` and none was given: the run's times and totals
    /// are then unknown, and the record says so.
    package var summary: XCResultSummary?
    /// What the tests came from, for the record's plan path.
    package var source: String

    package init(tests: XCResultTests, summary: XCResultSummary?, source: String) {
        self.tests = tests
        self.summary = summary
        self.source = source
    }

    /// Reads `path` (a bundle, a folder or the tests file) and, when given, the summary file.
    package static func read(path: String, summary summaryPath: String? = nil) async throws(XCResultImportError) -> XCResultFiles {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw XCResultImportError(path: path, reason: "there is no such file or folder", remedy: XCResultImportError.exportHint)
        }
        if isFolder.boolValue, isBundle(path) {
            return try await readBundle(path, summaryPath: summaryPath)
        }
        // A folder's `summary.json` is read when it is there; a `--summary` given wins over it.
        let testsPath = isFolder.boolValue ? "\(path)/\(testsFileName)" : path
        let besideSummary = isFolder.boolValue ? "\(path)/\(summaryFileName)" : nil
        let summaryFile = summaryPath ?? besideSummary.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        return XCResultFiles(
            tests: try decode(XCResultTests.self, at: testsPath, what: "the tests JSON (`get test-results tests`)"),
            summary: try summaryFile.map { file throws(XCResultImportError) in
                try decode(XCResultSummary.self, at: file, what: "the summary JSON (`get test-results summary`)")
            },
            source: path
        )
    }

    /// A result bundle: named `.xcresult`, or holding the `Info.plist` every bundle has and no tests JSON.
    static func isBundle(_ path: String) -> Bool {
        let manager = FileManager.default
        return URL(fileURLWithPath: path).standardizedFileURL.pathExtension == "xcresult"
            || (manager.fileExists(atPath: "\(path)/Info.plist") && !manager.fileExists(atPath: "\(path)/\(testsFileName)"))
    }

    private static func readBundle(_ bundle: String, summaryPath: String?) async throws(XCResultImportError) -> XCResultFiles {
        #if os(macOS)
            // A `--summary` file given beside a bundle is read instead of asking xcresulttool for one.
            let tests = try decode(
                XCResultTests.self, from: try await xcresulttool("tests", bundle), at: bundle, what: "`xcresulttool get test-results tests`")
            let summary =
                try summaryPath.map { file throws(XCResultImportError) in
                    try decode(XCResultSummary.self, at: file, what: "the summary JSON (`get test-results summary`)")
                }
                ?? decode(
                    XCResultSummary.self, from: try await xcresulttool("summary", bundle), at: bundle, what: "`xcresulttool get test-results summary`"
                )
            return XCResultFiles(tests: tests, summary: summary, source: bundle)
        #else
            throw XCResultImportError(
                path: bundle, reason: "reading an .xcresult bundle needs Xcode's xcresulttool, which runs only on macOS",
                remedy: XCResultImportError.exportHint)
        #endif
    }

    #if os(macOS)
        /// `xcrun xcresulttool get test-results KIND --path BUNDLE`, its stdout alone (stderr may warn).
        private static func xcresulttool(_ kind: String, _ bundle: String) async throws(XCResultImportError) -> Data {
            // Through a file, so a warning on stderr cannot interleave with the JSON; `result.lines`
            // then holds stderr alone, whose last lines explain a failure.
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-xcresult-\(kind)-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            var process = ChildProcess(executable: "xcrun", arguments: ["xcresulttool", "get", "test-results", kind, "--path", bundle])
            process.standardOutputFile = output
            let result = await CommandOutput.of(process)
            guard result.succeeded, let data = FileManager.default.contents(atPath: output) else {
                throw XCResultImportError(
                    path: bundle,
                    reason:
                        "`xcrun xcresulttool get test-results \(kind)` failed\(result.lines.isEmpty ? "" : ": " + result.lines.suffix(3).joined(separator: " "))",
                    remedy: "xcresulttool of Xcode 16.3 or later reads it; check `xcrun xcresulttool version` and that the bundle is complete")
            }
            return data
        }
    #endif

    private static func decode<T: Decodable>(_ type: T.Type, at path: String, what: String) throws(XCResultImportError) -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw XCResultImportError(path: path, reason: "cannot read \(what)", remedy: XCResultImportError.exportHint)
        }
        return try decode(type, from: data, at: path, what: what)
    }

    /// Decodes `data`, turning a decoding error into one that names the missing or mistyped key
    /// and where it is (`at .testNodes[0].children[2]`): the usual cause is `--legacy` output or
    /// another file given by mistake.
    private static func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: String, what: String) throws(XCResultImportError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw XCResultImportError(
                path: path, reason: "\(what) has no `\(key.stringValue)`\(Self.where(context.codingPath))",
                remedy: "give the JSON xcresulttool of Xcode 16.3 or later prints (not `--legacy`)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw XCResultImportError(
                path: path, reason: "\(what) is not in xcresulttool's shape\(Self.where(context.codingPath)): \(context.debugDescription)",
                remedy: "give the JSON xcresulttool of Xcode 16.3 or later prints (not `--legacy`)")
        } catch {
            throw XCResultImportError(path: path, reason: "\(what) is not valid JSON", remedy: XCResultImportError.exportHint)
        }
    }

    /// A coding path as JSON's own navigation: ` at .testNodes[0].name`; empty at the top.
    private static func `where`(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
