import Foundation
import Testing

/// Compares output with a file under the calling test target's Golden/ folder;
/// `TELLTALE_UPDATE_GOLDEN=1` rewrites it instead.
public enum GoldenFile {
    public static func check(
        _ actual: Data, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["TELLTALE_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: url)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(
            String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            "output differs from Golden/\(name); rerun with TELLTALE_UPDATE_GOLDEN=1 to accept it",
            sourceLocation: sourceLocation
        )
    }
}
