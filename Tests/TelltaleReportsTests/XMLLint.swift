import Foundation
import Testing

/// Runs the real `xmllint` (Debian's libxml2-utils, installed by Scripts/install-dependencies.sh).
enum XMLLint {
    static func validate(_ xml: Data, schema: String) throws -> (status: Int32, output: String) {
        let executable = try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first(where: FileManager.default.isExecutableFile(atPath:)),
            "xmllint is missing: run Scripts/install-dependencies.sh"
        )
        #expect(FileManager.default.fileExists(atPath: schema), "schema not found at \(schema)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try xml.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--noout", "--schema", schema, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
