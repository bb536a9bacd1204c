import Foundation
import Testing

/// Validates JUnit with the real `xmllint` (Debian's libxml2-utils, installed by
/// Scripts/install-dependencies.sh) against the schema kept in the repository,
/// Docs/Schemas/junit-extended.xsd.
public enum XMLLint {
    /// The repository root, found from this file's place in it.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The JUnit schema Telltale's reports follow (Jenkins' extended JUnit schema).
    public static let schema = URL(fileURLWithPath: repositoryRoot)
        .appendingPathComponent("Docs/Schemas/junit-extended.xsd").path

    public static func validate(path: String) async throws -> (status: Int32, output: String) {
        try #require(FileManager.default.fileExists(atPath: schema), "schema not found at \(schema)")
        let result = try await ChildProcesses.run(try executable(), ["--noout", "--schema", schema, path])
        return (result.status, result.stdoutText + result.stderrText)
    }

    /// Well-formed XML, no schema (Cobertura's DTD is not kept here).
    public static func wellFormed(path: String) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcesses.run(try executable(), ["--noout", path])
        return (result.status, result.stdoutText + result.stderrText)
    }

    private static func executable() throws -> String {
        try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first(where: FileManager.default.isExecutableFile(atPath:)),
            "xmllint is missing: run Scripts/install-dependencies.sh"
        )
    }

    public static func validate(_ xml: Data) async throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try xml.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await validate(path: file.path)
    }
}
