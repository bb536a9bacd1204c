import Foundation
import TelltaleTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 exchange over a plain socket, as sent: no redirect followed, no cookie jar,
/// and a stream read only until a marker, which Foundation's client on Linux cannot do.
struct RawHTTP {
    var status: Int
    var head: String
    var body: String

    /// The values of a response header, by case-insensitive name.
    func header(_ name: String) -> [String] {
        head.split(separator: "\r\n").dropFirst().compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == name.lowercased() else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }

    /// Sends `method path` with `headers` to an IPv4 `host`, and reads until the connection
    /// closes or, for a stream, until `marker` has arrived. The socket is read on a GCD thread:
    /// blocking one of Swift's few pool threads would starve a capture server in the same process.
    static func exchange(
        host: String, port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String = "",
        until marker: String? = nil
    ) async throws -> RawHTTP {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try blockingExchange(host: host, port: port, method, path, headers: headers, body: body, until: marker) })
            }
        }
    }

    static func blockingExchange(
        host: String, port: Int, _ method: String, _ path: String, headers: [String: String], body: String, until marker: String?
    ) throws -> RawHTTP {
        let socket = try connectedSocket(host: host, port: port)
        defer { close(socket) }
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n" + body
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while marker.map({ !String(decoding: received, as: UTF8.self).contains($0) }) ?? true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        let split = text.range(of: "\r\n\r\n")
        let head = split.map { String(text[..<$0.lowerBound]) } ?? text
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return RawHTTP(status: status, head: head, body: split.map { String(text[$0.upperBound...]) } ?? "")
    }

    /// A TCP connection to an IPv4 `host`, each read bounded so that a missing answer fails
    /// the test instead of hanging it.
    static func connectedSocket(host: String, port: Int) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, streamSocketType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// An IPv4 address of this machine other than loopback (as `hostname -I` gives), if it has one.
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(cString: host)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}
