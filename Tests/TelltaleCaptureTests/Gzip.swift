import Foundation
import TelltaleTestSupport

/// gzip through the system's `gzip`, so tests build bodies the way clients send them.
enum Gzip {
    static func compress(_ data: Data) async throws -> Data {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try await ChildProcesses.run("gzip", ["-c", input.path]).stdout
    }
}
