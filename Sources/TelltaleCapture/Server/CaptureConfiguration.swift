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
    /// `fdatasync` the log before acknowledging (survives power loss); by default an event is
    /// acknowledged once `write(2)` has handed it to the kernel, which survives `kill -9`.
    public var synchronous: Bool
    /// Keep only the newest this many events in memory; nil keeps all (the log always does).
    public var maxEvents: Int?

    public init(
        host: String = "127.0.0.1", port: Int = 0, maxBodySize: Int = CaptureConfiguration.defaultMaxBodySize,
        logPath: String, allowRemote: Bool = false, synchronous: Bool = false, maxEvents: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.logPath = logPath
        self.allowRemote = allowRemote
        self.synchronous = synchronous
        self.maxEvents = maxEvents
    }

    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    func validate() throws {
        if !allowRemote && !Self.isLoopback(host) { throw CaptureError.nonLoopbackHost(host) }
    }
}
