import NIOCore
import NIOHTTP1

/// A capture answer as the bytes sent on the wire, status line to body, so it goes out in one
/// write without NIO's response encoder: answering is on every request's path, and most
/// answers on a connection are the same bytes, so the last one is kept and sent again.
struct ResponseBytes {
    private var last: (answer: IngestAnswer, version: HTTPVersion, close: Bool, bytes: ByteBuffer)?

    /// The wire bytes of `answer`, the last ones again when nothing differs:
    ///
    ///     HTTP/1.1 200 OK
    ///     Content-Type: application/json
    ///     Content-Length: 14
    ///
    ///     {"accepted":1}
    mutating func bytes(for answer: IngestAnswer, version: HTTPVersion, close: Bool) -> ByteBuffer {
        if let last, last.version == version, last.close == close, last.answer.status == answer.status,
            last.answer.contentType == answer.contentType, last.answer.body == answer.body
        {
            return last.bytes
        }
        let bytes = Self.encode(answer, version: version, close: close)
        last = (answer, version, close, bytes)
        return bytes
    }

    /// The interim answer to `Expect: 100-continue`.
    static let `continue` = ByteBuffer(string: "HTTP/1.1 100 Continue\r\n\r\n")

    /// `Connection` is sent only when it differs from the version's default.
    static func encode(_ answer: IngestAnswer, version: HTTPVersion, close: Bool) -> ByteBuffer {
        let status = HTTPResponseStatus(statusCode: answer.status)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(128 + answer.body.readableBytes)
        buffer.writeString("HTTP/\(version.major).\(version.minor) \(answer.status) \(status.reasonPhrase)\r\n")
        buffer.writeString("Content-Type: \(answer.contentType)\r\n")
        // 204 and 304 have no body and must not say a length.
        if answer.status != 204 && answer.status != 304 {
            buffer.writeString("Content-Length: \(answer.body.readableBytes)\r\n")
        }
        let persistentByDefault = version.major > 1 || (version.major == 1 && version.minor >= 1)
        if close && persistentByDefault {
            buffer.writeString("Connection: close\r\n")
        } else if !close && !persistentByDefault {
            buffer.writeString("Connection: keep-alive\r\n")
        }
        buffer.writeString("\r\n")
        var body = answer.body
        buffer.writeBuffer(&body)
        return buffer
    }
}
