import Foundation

/// How a capture server listens and where it keeps events.
package struct CaptureConfiguration: Sendable {
    /// 1 MiB, `--max-body-size`'s default.
    package static let defaultMaxBodySize = 1 << 20

    /// `127.0.0.1` by default; anything but loopback needs `allowRemote` and `accessToken`.
    package var host: String
    /// 0 picks a free port; the real one is announced by `CaptureServer.listening()`.
    package var port: Int
    /// Largest request body accepted, after gzip decompression too.
    package var maxBodySize: Int
    /// The JSONL file every accepted event is appended to before it is acknowledged.
    package var logPath: String
    /// Binding anything but loopback must be asked for: captured events may hold personal data.
    package var allowRemote: Bool
    /// `fdatasync` the log before acknowledging (survives power loss); by default an event is
    /// acknowledged once `write(2)` has handed it to the kernel, which survives `kill -9`.
    package var synchronous: Bool
    /// Keep only the newest this many events in memory; nil keeps all (the log always does).
    package var maxEvents: Int?
    /// When set, the inspector, its stream and the control API need it (`CaptureAccess`);
    /// capture routes never do. A host other than loopback must have one.
    package var accessToken: String?

    package init(
        host: String = "127.0.0.1", port: Int = 0, maxBodySize: Int = CaptureConfiguration.defaultMaxBodySize,
        logPath: String, allowRemote: Bool = false, synchronous: Bool = false, maxEvents: Int? = nil, accessToken: String? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.logPath = logPath
        self.allowRemote = allowRemote
        self.synchronous = synchronous
        self.maxEvents = maxEvents
        self.accessToken = accessToken
    }

    /// Loopback by its spelling (`localhost`, `::1`, `127.x`); a name that resolves to loopback
    /// does not count, so it needs the opt-in.
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Refuses a host beyond loopback without `allowRemote`, or without a token.
    func validate() throws {
        guard !Self.isLoopback(host) else { return }
        if !allowRemote { throw CaptureError.nonLoopbackHost(host) }
        // Fails closed: beyond loopback, the events are not served to whoever asks.
        if (accessToken ?? "").isEmpty { throw CaptureError.remoteWithoutToken(host) }
    }

    /// What a token must be: long enough not to be guessed, and plain enough for a cookie and a URL.
    package static func tokenProblem(_ token: String) -> String? {
        if token.utf8.count < 16 { return "must be at least 16 characters" }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        if token.unicodeScalars.contains(where: { !allowed.contains($0) }) { return "may hold only letters, digits and - . _ ~" }
        return nil
    }

    /// A new random access token, for a server that listens beyond loopback without one given.
    package static func newAccessToken() -> String {
        CaptureAccess.newToken()
    }
}
