import Foundation
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts the bytes of an HTTP/1.x connection into requests: a head, body chunks, an end.
///
/// The capture server's own reader, in place of NIO's `HTTPDecoder`: that decoder builds a
/// `String` for every header name and value and runs llhttp's callbacks per field: 4–6 µs per
/// request more than a minimal framer on NIO (Docs/Capture.md), as much as storing the event.
/// Here a head is scanned once for its end, then split into ranges (`RequestHead`).
///
/// It follows RFC 9112's message framing and refuses what request smuggling relies on: a
/// request with both `Content-Length` and `Transfer-Encoding`, differing lengths, whitespace
/// before a field's colon, folded lines, and any transfer coding but `chunked`. Bare LF line
/// ends are accepted, as nginx and llhttp do.
struct HTTPRequestFramer {
    /// What `next` hands on, in order per request: one `head`, any number of `body` pieces, one `end`.
    enum Part {
        case head(RequestHead)
        /// A piece of the body: a slice of the bytes received, not a copy.
        case body(ByteBuffer)
        case end
    }

    /// Largest head (request line and fields), as NIO's decoder allows by default.
    static let maxHeadSize = 80 * 1024
    /// More header fields than this is a 431.
    static let maxFields = 256
    /// A chunk-size line with extensions; nobody sends more.
    static let maxChunkLine = 4096

    private enum State {
        /// Looking for the head's end; `scanned` bytes are known not to hold it.
        case head(scanned: Int)
        /// The body has `remaining` bytes to come; at 0 the end is next.
        case fixed(remaining: Int)
        /// Waiting for a chunk's size line (`1a;ext=1`).
        case chunkSize
        /// The chunk has `remaining` bytes of data to come.
        case chunkData(remaining: Int)
        /// The line end after a chunk's data.
        case chunkDataEnd
        /// After the last chunk: trailer fields (ignored) up to the blank line.
        case trailers(size: Int)
        /// An error was thrown: nothing more is read on this connection.
        case failed
    }

    private var state = State.head(scanned: 0)

    /// The next part from the front of `buffer`, consuming its bytes; nil when more are needed.
    /// After an error the connection cannot be framed any more: answer and close it.
    mutating func next(from buffer: inout ByteBuffer) throws(HTTPFramingError) -> Part? {
        do {
            return try step(&buffer)
        } catch {
            state = .failed
            throw error
        }
    }

    /// One move of the state machine. A chunk's size line or line end yields no part of its own,
    /// so those states go on to the next at once.
    ///
    ///     11\r\n                   chunkSize → chunkData(remaining: 17)
    ///     {"name":"signup"}\r\n    chunkData → chunkDataEnd → chunkSize
    ///     0\r\n\r\n                chunkSize → trailers → end
    private mutating func step(_ buffer: inout ByteBuffer) throws(HTTPFramingError) -> Part? {
        switch state {
        case .head(let scanned):
            return try nextHead(from: &buffer, scanned: scanned)
        case .fixed(let remaining):
            if remaining == 0 {
                state = .head(scanned: 0)
                return .end
            }
            guard buffer.readableBytes > 0 else { return nil }
            let count = min(remaining, buffer.readableBytes)
            state = .fixed(remaining: remaining - count)
            return .body(buffer.readSlice(length: count)!)
        case .chunkSize:
            guard let line = try Self.takeLine(from: &buffer, limit: Self.maxChunkLine, what: "chunk size line") else { return nil }
            let size = try Self.chunkSize(line)
            state = size == 0 ? .trailers(size: 0) : .chunkData(remaining: size)
            return try step(&buffer)
        case .chunkData(let remaining):
            guard buffer.readableBytes > 0 else { return nil }
            let count = min(remaining, buffer.readableBytes)
            state = count == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - count)
            return .body(buffer.readSlice(length: count)!)
        case .chunkDataEnd:
            // `\r\n` and nothing before it: data past the chunk's size is a broken (or smuggled) body.
            guard let line = try Self.takeLine(from: &buffer, limit: 2, what: "chunk end") else { return nil }
            guard line.readableBytes == 0 else { throw HTTPFramingError(status: 400, reason: "a chunk is longer than its size says") }
            state = .chunkSize
            return try step(&buffer)
        case .trailers(var size):
            while let line = try Self.takeLine(from: &buffer, limit: Self.maxHeadSize - size, what: "trailer section") {
                guard line.readableBytes > 0 else {
                    state = .head(scanned: 0)
                    return .end
                }
                size += line.readableBytes
                state = .trailers(size: size)
            }
            return nil
        case .failed:
            throw HTTPFramingError(status: 400, reason: "the connection's framing was already broken")
        }
    }

    // MARK: Head

    private mutating func nextHead(from buffer: inout ByteBuffer, scanned: Int) throws(HTTPFramingError) -> Part? {
        // Empty lines before a request line are ignored (RFC 9112, 2.2).
        while true {
            if buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) == 0x0A {
                buffer.moveReaderIndex(forwardBy: 1)
            } else if buffer.getInteger(at: buffer.readerIndex, as: UInt16.self) == 0x0D0A {
                buffer.moveReaderIndex(forwardBy: 2)
            } else {
                break
            }
        }
        // The scan resumes where the last one stopped, so a head arriving a few bytes at a time is
        // not rescanned from its start each time.
        let end = buffer.withUnsafeReadableBytes { Self.headEnd(in: $0, from: scanned) }
        switch end {
        case .found(let length):
            guard length <= Self.maxHeadSize else {
                throw HTTPFramingError(status: 431, reason: "the request head is larger than \(Self.maxHeadSize) bytes")
            }
            let bytes = buffer.readSlice(length: length)!
            let head = try Self.parseHead(bytes)
            switch head.framing {
            case .length(let length): state = .fixed(remaining: length)
            case .chunked: state = .chunkSize
            }
            return .head(head)
        case .notYet(let scanned):
            guard buffer.readableBytes <= Self.maxHeadSize else {
                throw HTTPFramingError(status: 431, reason: "the request head is larger than \(Self.maxHeadSize) bytes")
            }
            state = .head(scanned: scanned)
            return nil
        }
    }

    private enum HeadEnd {
        /// The head's length, its blank line included.
        case found(Int)
        /// Not complete; the search can resume at `scanned`.
        case notYet(scanned: Int)
    }

    /// Finds the blank line that ends a head: a LF followed by CRLF or LF.
    private static func headEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> HeadEnd {
        var position = start
        while position < bytes.count {
            guard let found = memchr(bytes.baseAddress! + position, 0x0A, bytes.count - position) else {
                return .notYet(scanned: bytes.count)
            }
            let lineFeed = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            // Too few bytes after this LF to tell whether a blank line follows: look again when more arrive.
            guard lineFeed + 1 < bytes.count else { return .notYet(scanned: lineFeed) }
            if bytes[lineFeed + 1] == 0x0A { return .found(lineFeed + 2) }
            if bytes[lineFeed + 1] == 0x0D {
                guard lineFeed + 2 < bytes.count else { return .notYet(scanned: lineFeed) }
                if bytes[lineFeed + 2] == 0x0A { return .found(lineFeed + 3) }
            }
            position = lineFeed + 1
        }
        return .notYet(scanned: position)
    }

    /// Splits a complete head into the request line and fields, and works out its framing.
    private static func parseHead(_ bytes: ByteBuffer) throws(HTTPFramingError) -> RequestHead {
        let parsed = bytes.withUnsafeReadableBytes { (head: UnsafeRawBufferPointer) -> Result<RequestHead, HTTPFramingError> in
            var parser = HeadParser(head)
            return Result { () throws(HTTPFramingError) in try parser.parse(bytes) }
        }
        return try parsed.get()
    }

    // MARK: Chunks

    /// A line from the front of `buffer` without its line end; nil when it has not all arrived.
    private static func takeLine(from buffer: inout ByteBuffer, limit: Int, what: String) throws(HTTPFramingError) -> ByteBuffer? {
        let lineFeed = buffer.withUnsafeReadableBytes { bytes -> Int? in
            guard bytes.count > 0, let found = memchr(bytes.baseAddress!, 0x0A, bytes.count) else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
        guard let lineFeed else {
            guard buffer.readableBytes <= limit else { throw HTTPFramingError(status: 400, reason: "the \(what) is too long") }
            return nil
        }
        guard lineFeed <= limit else { throw HTTPFramingError(status: 400, reason: "the \(what) is too long") }
        var line = buffer.readSlice(length: lineFeed)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.getInteger(at: line.writerIndex - 1, as: UInt8.self) == 0x0D { line.moveWriterIndex(to: line.writerIndex - 1) }
        return line
    }

    /// The hex size at the start of a chunk-size line; extensions after `;` are ignored.
    private static func chunkSize(_ line: ByteBuffer) throws(HTTPFramingError) -> Int {
        var size = 0
        var digits = 0
        for byte in line.readableBytesView {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                guard digits > 0 else { throw HTTPFramingError(status: 400, reason: "a chunk size line does not start with a size") }
                return size
            default:
                throw HTTPFramingError(status: 400, reason: "a chunk size is not hexadecimal")
            }
            digits += 1
            // 15 hex digits stay far below Int.max; no real chunk comes near.
            guard digits <= 15 else { throw HTTPFramingError(status: 400, reason: "a chunk size is too large") }
            size = size << 4 | digit
        }
        guard digits > 0 else { throw HTTPFramingError(status: 400, reason: "a chunk size line is empty") }
        return size
    }
}

/// A request the framer cannot read: answered with `status` and the connection closed.
struct HTTPFramingError: Error, LocalizedError, Equatable {
    var status: Int
    var reason: String
    var errorDescription: String? { "HTTP \(status): \(reason)" }
}
