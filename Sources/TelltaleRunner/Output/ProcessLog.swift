import Foundation

/// Appends every line a test process writes to one log file, with a heading per process.
///
/// The reports link to it; a person who wants the whole truth reads it.
package actor ProcessLog {
    private let handle: FileHandle?
    package nonisolated let path: String?

    /// Creates (or truncates) the log at `path`; `nil` keeps no log.
    package init(path: String?) throws {
        self.path = path
        guard let path else {
            handle = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    package func heading(_ text: String) {
        write("==> \(text)\n")
    }

    package func line(_ text: String) {
        write(text + "\n")
    }

    package func close() {
        try? handle?.close()
    }

    private func write(_ text: String) {
        guard let handle else { return }
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
