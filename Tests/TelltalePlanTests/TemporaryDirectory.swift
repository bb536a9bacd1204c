import Foundation

/// A fresh directory for one test, removed when the test is done with it.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("TelltalePlanTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` inside the directory, creating folders on the way.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
