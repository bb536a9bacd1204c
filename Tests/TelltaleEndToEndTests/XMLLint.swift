import Foundation
import Testing

/// Validates a file with the real `xmllint` against ../shared/junit/junit-extended.xsd.
enum XMLLint {
    static let schema = URL(fileURLWithPath: TelltaleProcess.repositoryRoot)
        .deletingLastPathComponent().appendingPathComponent("shared/junit/junit-extended.xsd").path

    static func validate(path: String) throws -> (status: Int32, output: String) {
        let executable = try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first(where: FileManager.default.isExecutableFile(atPath:)),
            "xmllint is missing: run Scripts/install-dependencies.sh"
        )
        try #require(FileManager.default.fileExists(atPath: schema), "schema not found at \(schema)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--noout", "--schema", schema, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
