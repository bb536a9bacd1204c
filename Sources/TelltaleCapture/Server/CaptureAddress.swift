import Foundation

/// Where a running capture server listens.
package struct CaptureAddress: Sendable, Hashable, CustomStringConvertible {
    /// As given to bind (`127.0.0.1`, `::1`, `0.0.0.0`), without brackets.
    package var host: String
    /// The port bound: the kernel's choice when 0 was asked for.
    package var port: Int

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `http://127.0.0.1:PORT`; IPv6 hosts in brackets.
    package var url: URL { URL(string: description)! }

    package var description: String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(bracketed):\(port)"
    }
}
