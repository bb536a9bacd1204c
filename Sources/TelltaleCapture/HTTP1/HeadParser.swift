import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits one complete request head (request line, fields, blank line) into a `RequestHead`,
/// checking the grammar of RFC 9112 that framing depends on. Used by `HTTPRequestFramer`.
///
///     POST /s/worker-1/v1/track HTTP/1.1
///     Host: 127.0.0.1:41234
///     Content-Type: application/json
///     Content-Length: 74
///
/// A head that breaks a rule framing relies on is refused with the status RFC 9112 gives it
/// (400, or 431, 501, 505), never guessed at: that is where request smuggling starts.
struct HeadParser {
    /// The head's bytes, up to and including its blank line; `buffer` in `parse` holds the same.
    private let bytes: UnsafeRawBufferPointer
    /// Where the next line starts.
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The head, its fields kept as ranges into `buffer` rather than as strings; the framing,
    /// keep-alive and `100-continue` decided from them here, once.
    mutating func parse(_ buffer: ByteBuffer) throws(HTTPFramingError) -> RequestHead {
        let requestLine = try nextLine()
        let (method, target, version) = try Self.requestLine(bytes[requestLine])

        var fields: [RequestHead.Field] = []
        fields.reserveCapacity(8)
        var contentLength: Int?
        var transferCodings: [Substring] = []
        // Whether the field is present at all: an empty value is not "no Transfer-Encoding".
        var hasTransferEncoding = false
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
        while true {
            let line = try nextLine()
            if line.isEmpty { break }
            guard fields.count < HTTPRequestFramer.maxFields else {
                throw Self.bad(431, "the request has more than \(HTTPRequestFramer.maxFields) header fields")
            }
            let field = try Self.field(in: line, of: bytes)
            fields.append(field)
            let name = bytes[field.name]
            let value = bytes[field.value]
            if Self.named(name, "content-length") {
                let length = try Self.contentLength(value)
                guard contentLength == nil || contentLength == length else {
                    throw Self.bad(400, "Content-Length is given twice, with different values")
                }
                contentLength = length
            } else if Self.named(name, "transfer-encoding") {
                hasTransferEncoding = true
                transferCodings += Self.tokens(value)
            } else if Self.named(name, "connection") {
                for token in Self.tokens(value) {
                    if token == "close" { connectionClose = true }
                    if token == "keep-alive" { connectionKeepAlive = true }
                }
            } else if Self.named(name, "expect") {
                expectsContinue = Self.tokens(value) == ["100-continue"]
            }
        }

        // RFC 9112 §6.1–6.3: a Transfer-Encoding beside a Content-Length is refused rather than one
        // of them believed, and `chunked` is the only coding served; without either there is no body.
        let framing: RequestHead.BodyFraming
        if hasTransferEncoding {
            guard contentLength == nil else { throw Self.bad(400, "the request has both Content-Length and Transfer-Encoding") }
            guard version.minor >= 1 else { throw Self.bad(400, "Transfer-Encoding is not allowed in HTTP/1.0") }
            guard transferCodings == ["chunked"] else {
                let codings = transferCodings.isEmpty ? "without a coding" : transferCodings.joined(separator: ", ")
                throw Self.bad(501, "Transfer-Encoding \(codings) is not supported (chunked is; send Content-Encoding: gzip for compression)")
            }
            framing = .chunked
        } else {
            framing = .length(contentLength ?? 0)
        }
        // HTTP/1.1 keeps the connection unless told `close`; HTTP/1.0 closes it unless told `keep-alive`.
        let keepAlive = version.minor >= 1 ? !connectionClose : connectionKeepAlive && !connectionClose
        let hasBody = framing != .length(0)
        return RequestHead(
            method: method, target: target, version: version, framing: framing, keepAlive: keepAlive,
            expectsContinue: expectsContinue && hasBody && version.minor >= 1, bytes: buffer, fields: fields
        )
    }

    /// The next line's range without its line end.
    private mutating func nextLine() throws(HTTPFramingError) -> Range<Int> {
        let start = position
        guard let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else {
            throw Self.bad(400, "the request head ends in the middle of a line")
        }
        let lineFeed = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        position = lineFeed + 1
        // CRLF, or a bare LF, which RFC 9112 lets a server accept as a line's end.
        let end = lineFeed > start && bytes[lineFeed - 1] == 0x0D ? lineFeed - 1 : lineFeed
        return start..<end
    }

    // MARK: Grammar

    /// `method SP request-target SP HTTP/1.x`.
    private static func requestLine(_ line: Slice<UnsafeRawBufferPointer>) throws(HTTPFramingError) -> (String, String, HTTPVersion) {
        guard let firstSpace = line.firstIndex(of: 0x20), firstSpace > line.startIndex else {
            throw bad(400, "the request line is not `METHOD target HTTP/1.1`")
        }
        let method = line[..<firstSpace]
        guard method.allSatisfy(isTokenByte) else { throw bad(400, "the request method is not a token") }
        let rest = line[(firstSpace + 1)...]
        guard let secondSpace = rest.firstIndex(of: 0x20), secondSpace > rest.startIndex else {
            throw bad(400, "the request line is not `METHOD target HTTP/1.1`")
        }
        let target = rest[..<secondSpace]
        guard target.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { throw bad(400, "the request target holds spaces or control characters") }
        let version = rest[(secondSpace + 1)...]
        // Exactly `HTTP/D.D`: the grammar has one digit on each side of the dot.
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[version.startIndex + 6] == UInt8(ascii: "."),
            let major = digit(version[version.startIndex + 5]), let minor = digit(version[version.startIndex + 7])
        else {
            throw bad(400, "the request line does not end in an HTTP version")
        }
        guard major == 1 else { throw bad(505, "HTTP/\(major).\(minor) is not supported; send HTTP/1.1") }
        return (String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), HTTPVersion(major: major, minor: minor))
    }

    /// `name ":" OWS value OWS`; no space before the colon, no folded lines, no control bytes.
    private static func field(in line: Range<Int>, of bytes: UnsafeRawBufferPointer) throws(HTTPFramingError) -> RequestHead.Field {
        guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")) else {
            if bytes[line.lowerBound] == 0x20 || bytes[line.lowerBound] == 0x09 {
                throw bad(400, "a header field is folded over lines, which HTTP/1.1 no longer allows")
            }
            throw bad(400, "a header line has no colon")
        }
        let name = line.lowerBound..<colon
        guard !name.isEmpty, bytes[name].allSatisfy(isTokenByte) else {
            throw bad(400, "a header field name is empty or holds spaces or separators")
        }
        var start = colon + 1
        var end = line.upperBound
        // OWS around the value is not part of it.
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard bytes[start..<end].allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 || $0 >= 0x80 }) else {
            throw bad(400, "a header field value holds control characters")
        }
        return RequestHead.Field(name: name, value: start..<end)
    }

    /// Digits, or a list of equal ones (`5, 5`) as some proxies send.
    private static func contentLength(_ value: Slice<UnsafeRawBufferPointer>) throws(HTTPFramingError) -> Int {
        var length: Int?
        var number = 0
        var digits = 0
        func endOfItem() throws(HTTPFramingError) {
            guard digits > 0 else { throw bad(400, "Content-Length is not a number") }
            guard length == nil || length == number else { throw bad(400, "Content-Length lists different values") }
            length = number
            number = 0
            digits = 0
        }
        // Set by white space after an item's digits: `5 5` is not a number, `5 , 5` is a list.
        var spaceAfterDigits = false
        for byte in value {
            if let digit = digit(byte) {
                // 15 digits are far beyond any body this server takes, and cannot overflow.
                guard !spaceAfterDigits, digits < 15 else { throw bad(400, "Content-Length is not a number") }
                number = number * 10 + digit
                digits += 1
            } else if byte == UInt8(ascii: ",") {
                try endOfItem()
                spaceAfterDigits = false
            } else if byte == 0x20 || byte == 0x09 {
                spaceAfterDigits = digits > 0
            } else {
                throw bad(400, "Content-Length is not a number")
            }
        }
        try endOfItem()
        return length!
    }

    /// A comma-separated list, lowercased, without empty items.
    private static func tokens(_ value: Slice<UnsafeRawBufferPointer>) -> [Substring] {
        String(decoding: value, as: UTF8.self).lowercased()
            .split(separator: ",").map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
    }

    /// Whether the field's name is `lowercase`, in any case, compared without making a string.
    private static func named(_ name: Slice<UnsafeRawBufferPointer>, _ lowercase: StaticString) -> Bool {
        RequestHead.equalIgnoringCase(name, UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// RFC 9110's tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func bad(_ status: Int, _ reason: String) -> HTTPFramingError {
        HTTPFramingError(status: status, reason: reason)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
