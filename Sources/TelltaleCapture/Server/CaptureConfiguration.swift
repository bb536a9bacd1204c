import Foundation

/// How a capture server listens and where it keeps events.
public struct CaptureConfiguration: Sendable {
    public static let defaultMaxBodySize = 1 << 20

    public var host: String
    /// 0 picks a free port; the real one is announced by `CaptureServer.listening()`.
    public var port: Int
    /// Largest request body accepted, after gzip decompression too.
    public var maxBodySize: Int
    /// The JSONL file every accepted event is appended to before it is acknowledged.
    public var logPath: String
    /// Binding anything but loopback must be asked for: captured events may hold personal data.
    public var allowRemote: Bool

    public init(
        host: String = "127.0.0.1", port: Int = 0, maxBodySize: Int = CaptureConfiguration.defaultMaxBodySize,
        logPath: String, allowRemote: Bool = false
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.logPath = logPath
        self.allowRemote = allowRemote
    }

    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    func validate() throws {
        if !allowRemote && !Self.isLoopback(host) { throw CaptureError.nonLoopbackHost(host) }
    }
}
