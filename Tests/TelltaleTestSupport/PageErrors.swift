import Foundation

/// The script errors pages raise in headless Chromium, driven over the DevTools protocol by
/// `DevTools/page_errors.py`: uncaught exceptions, console errors and errors the browser logged
/// about a page (a script or style its policy blocked), while each loaded and while a walk used it.
/// Scripts/install-dependencies.sh installs chromium and websocket-client.
public enum PageErrors {
    public struct Visit: Encodable, Sendable {
        public var url: String
        /// JavaScript run once the page is ready (`<html data-ready="true">`); its value, a
        /// promise awaited, comes back as `walked`.
        public var walk: String?

        public init(_ url: URL, walk: String? = nil) {
            self.url = url.absoluteString
            self.walk = walk
        }
    }

    public struct Found: Decodable, Sendable {
        public var url: String
        public var ready: Bool
        public var walked: Int?
        public var errors: [String]
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DevTools/page_errors.py")

    /// Visits each page in turn, in one browser.
    public static func visit(_ visits: [Visit]) async throws -> [Found] {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-visits-\(UUID().uuidString).json")
        try JSONEncoder().encode(visits).write(to: list)
        defer { try? FileManager.default.removeItem(at: list) }
        let result = try await ChildProcesses.run("python3", ["-B", script.path, list.path])
        let lines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("{") }
        guard result.status == 0, lines.count == visits.count else {
            throw Failure(status: result.status, output: result.stdoutText + "\n" + result.stderrText.suffix(4000))
        }
        return try lines.map { try JSONDecoder().decode(Found.self, from: Data($0.utf8)) }
    }

    struct Failure: LocalizedError {
        var status: Int32
        var output: String
        var errorDescription: String? {
            "Tests/TelltaleTestSupport/DevTools/page_errors.py exited \(status) before it visited every page "
                + "(is chromium or websocket-client missing? run Scripts/install-dependencies.sh):\n\(output)"
        }
    }
}
