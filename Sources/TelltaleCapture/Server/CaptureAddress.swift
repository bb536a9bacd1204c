import Foundation

/// Where a running capture server listens.
public struct CaptureAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `http://127.0.0.1:PORT`; IPv6 hosts in brackets.
    public var url: URL { URL(string: description)! }

    public var description: String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(bracketed):\(port)"
    }
}
