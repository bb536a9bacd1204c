import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Picks a free TCP port on 127.0.0.1: bind port 0, read what the kernel chose, close.
///
/// Another process could take the port between close and the service's bind;
/// the kernel hands out ephemeral ports in rotation, so that is rare, and a
/// service that cannot bind exits before it is ready with a clear error.
enum FreePort {
    /// `SOCK_STREAM`: an enum on Glibc, a plain `Int32` on Darwin.
    static let streamSocket: Int32 = {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }()

    static func pick() throws(ServiceErrorReason) -> Int {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw ServiceErrorReason("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        // Port 0: the kernel picks a free one.
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServiceErrorReason("bind: \(String(cString: strerror(errno)))") }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw ServiceErrorReason("getsockname: \(String(cString: strerror(errno)))") }
        // Closed on return (`defer`): the port is free again, for the service to bind.
        return Int(UInt16(bigEndian: actual.sin_port))
    }

    /// True when something accepts a TCP connection on `host:port` (IPv4 literal or localhost).
    static func accepts(host: String, port: Int) -> Bool {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
        // A blocking connect on loopback answers at once: accepted or refused.
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return connected == 0
    }
}

/// A reason text for internal failures that callers wrap in a `ServiceError` with context.
struct ServiceErrorReason: Error, LocalizedError, CustomStringConvertible {
    var errorDescription: String? { description }
    var description: String
    init(_ description: String) { self.description = description }
}
