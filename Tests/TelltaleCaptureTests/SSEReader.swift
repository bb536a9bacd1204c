import Foundation
import TelltaleTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A page's view of `GET /_telltale/stream`, over a plain socket: Foundation on Linux has no
/// streaming HTTP client. The server writes each batch of frames as one chunk, so a frame is
/// never split by chunked framing and the raw bytes can be scanned for frames.
final class SSEReader: @unchecked Sendable {
    private let socket: Int32
    private var buffer = Data()
    /// Counted incrementally: rescanning a page's megabytes on every read made 100 pages slow.
    private var scanned = 0
    /// The capture frames' ids, as numbers, in arrival order.
    private var captureIDs: [Int] = []
    private var sawHello = false
    private static let captureMarker = Data("\nevent: capture\n".utf8)
    private static let helloMarker = Data("event: hello\n".utf8)

    init(port: Int, path: String = "/_telltale/stream", lastEventID: String? = nil) throws {
        // Each read is bounded, so a lost frame fails the test instead of hanging it.
        socket = try RawHTTP.connectedSocket(host: "127.0.0.1", port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        request += "\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    deinit { close(socket) }

    /// What a page received so far.
    struct Received: Sendable {
        var bytes: Data
        /// The capture frames' ids as numbers, in order (found while reading).
        var captureIDs: [Int]

        /// The text, every line ending in LF (chunk sizes end in CRLF, one Swift Character).
        var text: String { String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }

        /// Every frame's name, in order.
        var names: [String] {
            text.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
        }

        /// The capture frames' ids, in order, found by scanning bytes (a page holds megabytes).
        var ids: [String] {
            let marker = Data("\nid: ".utf8)
            var ids: [String] = []
            var range = bytes.startIndex..<bytes.endIndex
            while let found = bytes.range(of: marker, in: range) {
                let end = bytes[found.upperBound...].firstIndex(of: 0x0A) ?? bytes.endIndex
                ids.append(String(decoding: bytes[found.upperBound..<end], as: UTF8.self))
                range = end..<bytes.endIndex
            }
            return ids
        }
    }

    /// Reads until `count` capture frames have arrived after the hello (or the stream ends, or
    /// 30 s pass without a byte). Blocking reads run on their own thread, never on the
    /// cooperative pool the server also needs.
    func read(captures count: Int) async -> Received {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var scratch = [UInt8](repeating: 0, count: 65_536)
                while !self.has(captures: count) {
                    let read = recv(self.socket, &scratch, scratch.count, 0)
                    if read <= 0 { break }
                    self.buffer.append(contentsOf: scratch[0..<read])
                }
                continuation.resume(returning: Received(bytes: self.buffer, captureIDs: self.captureIDs))
            }
        }
    }

    /// Whether the hello and `count` capture frames have arrived.
    private func has(captures count: Int) -> Bool {
        // A read may end inside a marker: rescan from one byte less than a marker's length
        // before the last scan's end, so a marker that straddles it is found, and one that
        // ended exactly there (already counted) is not counted again.
        let start = max(0, scanned - (Self.captureMarker.count - 1))
        var range = start..<buffer.count
        while let found = buffer.range(of: Self.captureMarker, in: range) {
            // `id: 00000042` precedes the marker: its last digits are the id.
            var number = 0
            var scale = 1
            var position = found.lowerBound - 1
            while position >= buffer.startIndex, let digit = Int(exactly: buffer[position]).map({ $0 - 48 }), (0...9).contains(digit) {
                number += digit * scale
                scale *= 10
                position -= 1
            }
            captureIDs.append(number)
            range = found.upperBound..<buffer.count
        }
        if !sawHello { sawHello = buffer.range(of: Self.helloMarker) != nil }
        scanned = buffer.count
        return sawHello && captureIDs.count >= count
    }
}
