import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import TelltaleTestSupport
#endif

/// The capture routes answered on the event loop and the rest by Hummingbird share connections:
/// pipelined requests are answered in order, whichever path each takes; `Connection: close` and
/// HTTP/1.0 are honoured. Spoken over a raw socket, since URLSession does not pipeline.
@Suite(.tags(.medium))
struct IngestChannelHandlerTests {
    @Test func pipelinedRequestsAreAnsweredInOrderAcrossBothPaths() async throws {
        try await CaptureHarness.with { capture async throws in
            let connection = try RawConnection(port: try #require(capture.base.port))
            defer { connection.close() }
            func post(_ path: String, _ body: String) -> String {
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            try connection.send(
                post("/s/p/events", #"{"name":"first"}"#)
                    + "GET /s/p/_telltale/events HTTP/1.1\r\nHost: x\r\n\r\n"
                    + post("/s/p/events", #"{"name":"second"}"#)
                    + post("/nowhere", "{}")
                    + post("/s/p/events", "{broken")
                    + post("/s/p/events", #"[{"name":"third"},{"name":"fourth"}]"#)
            )
            let replies = try await connection.receive(count: 6)
            #expect(replies.map(\.status) == [200, 200, 200, 404, 400, 200])
            #expect(replies[0].body == #"{"accepted":1}"#)
            // The query came after the first event's answer, so it sees that event and only it.
            #expect(replies[1].body.contains(#""name":"first""#) && !replies[1].body.contains("second"))
            #expect(replies[5].body == #"{"accepted":2}"#)
            #expect(capture.store.query(.init(session: "p")).map(\.name) == ["first", "second", "third", "fourth"])
        }
    }

    @Test func connectionCloseAndHTTP10AreHonoured() async throws {
        try await CaptureHarness.with { capture async throws in
            let port = try #require(capture.base.port)
            let closing = try RawConnection(port: port)
            defer { closing.close() }
            try closing.send("POST /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 12\r\n\r\n{\"name\":\"a\"}")
            let reply = try #require(try await closing.receive(count: 1).first)
            #expect(reply.status == 200 && reply.head.contains("Connection: close"))
            #expect(try await closing.receiveEnd())

            let old = try RawConnection(port: port)
            defer { old.close() }
            try old.send("POST /events HTTP/1.0\r\nContent-Length: 12\r\n\r\n{\"name\":\"b\"}")
            let oldReply = try #require(try await old.receive(count: 1).first)
            #expect(oldReply.head.hasPrefix("HTTP/1.0 200"))
            #expect(try await old.receiveEnd())
            #expect(capture.store.count == 2)
        }
    }
}

/// A blocking TCP connection that reads whole HTTP/1.1 responses (Content-Length bodies).
final class RawConnection: Sendable {
    struct Reply {
        var head: String
        var body: String
        var status: Int { Int(head.split(separator: " ")[1]) ?? 0 }
    }

    let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Long enough for a loaded two-core machine running the whole suite; only a hang should hit it.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw POSIXError(.EIO) }
            offset += sent
        }
    }

    private let pending = Mutex<[UInt8]>([])

    /// Reads until `count` complete responses have arrived. Reads block a GCD thread, never one
    /// of Swift's few pool threads: the capture server's Hummingbird routes run on that pool, and
    /// a test blocking it (on a loaded machine, with other tests doing the same) starves them.
    func receive(count: Int) async throws -> [Reply] {
        try await Self.offThePool { try self.blockingReceive(count: count) }
    }

    /// True when the server closes the connection with nothing more sent.
    func receiveEnd() async throws -> Bool {
        try await Self.offThePool {
            var byte: UInt8 = 0
            return read(self.descriptor, &byte, 1) == 0 && self.pending.withLock { $0.isEmpty }
        }
    }

    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func blockingReceive(count: Int) throws -> [Reply] {
        var replies: [Reply] = []
        var buffer = pending.withLock { $0 }
        while replies.count < count {
            if let (reply, used) = Self.parse(buffer) {
                replies.append(reply)
                buffer.removeFirst(used)
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let received = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard received > 0 else { throw POSIXError(received == 0 ? .ECONNRESET : .ETIMEDOUT) }
            buffer += chunk.prefix(received)
        }
        pending.withLock { $0 = buffer }
        return replies
    }

    func close() { closeSocket(descriptor) }

    private static func parse(_ buffer: [UInt8]) -> (Reply, Int)? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let bodyStart = end + separator.count
        guard buffer.count >= bodyStart + length else { return nil }
        return (Reply(head: head, body: String(decoding: buffer[bodyStart..<(bodyStart + length)], as: UTF8.self)), bodyStart + length)
    }
}

// A free function, so the class's own `close()` does not shadow the system call.
private func closeSocket(_ descriptor: Int32) { _ = close(descriptor) }
