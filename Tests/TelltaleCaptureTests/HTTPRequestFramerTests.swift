import NIOCore
import NIOHTTP1
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

/// The capture server's own HTTP/1.x framer: requests come out as head, body pieces and end,
/// whatever way the bytes are cut into reads, and what request smuggling relies on is refused
/// with the status the connection is answered with.
@Suite(.tags(.small))
struct HTTPRequestFramerTests {
    // MARK: Framing

    @Test func postWithContentLengthGivesHeadBodyAndEnd() throws {
        let framed = frameEverySplit("POST /s/p/events HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
        #expect(framed.parts == ["head POST /s/p/events HTTP/1.1 length(11)", "body hello world", "end"])
        #expect(framed.error == nil && framed.leftover == 0)
        #expect(try #require(framed.heads.first).framing == .length(11))
    }

    @Test func bodyArrivingInSeveralReadsComesOutAsItArrives() throws {
        // A body piece is handed on as soon as it arrives, not held until the whole body is in.
        var framer = HTTPRequestFramer()
        var buffer = ByteBuffer(string: "POST /events HTTP/1.1\r\nContent-Length: 10\r\n\r\nhel")
        guard case .head = try framer.next(from: &buffer) else {
            Issue.record("no head")
            return
        }
        guard case .body(let first) = try framer.next(from: &buffer) else {
            Issue.record("no body")
            return
        }
        #expect(String(buffer: first) == "hel")
        #expect(try framer.next(from: &buffer) == nil)
        buffer.writeString("lo worl")
        guard case .body(let second) = try framer.next(from: &buffer) else {
            Issue.record("no body")
            return
        }
        #expect(String(buffer: second) == "lo worl")
        guard case .end = try framer.next(from: &buffer) else {
            Issue.record("no end")
            return
        }
        #expect(try framer.next(from: &buffer) == nil)
    }

    @Test func getWithoutBodyEndsRightAfterItsHead() {
        let framed = frameEverySplit("GET /s/p/_telltale/events?name=a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(framed.parts == ["head GET /s/p/_telltale/events?name=a HTTP/1.1 length(0)", "end"])
        #expect(framed.error == nil && framed.leftover == 0)
    }

    @Test func pipelinedRequestsInOneBufferComeOutInOrder() {
        let framed = frameEverySplit(
            "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\none"
                + "GET /b HTTP/1.1\r\n\r\n"
                + "POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\ntwo\r\n0\r\n\r\n"
                + "POST /d HTTP/1.1\r\nContent-Length: 5\r\n\r\nthree"
        )
        #expect(
            framed.parts == [
                "head POST /a HTTP/1.1 length(3)", "body one", "end",
                "head GET /b HTTP/1.1 length(0)", "end",
                "head POST /c HTTP/1.1 chunked", "body two", "end",
                "head POST /d HTTP/1.1 length(5)", "body three", "end",
            ])
        #expect(framed.error == nil && framed.leftover == 0)
    }

    @Test func incompleteRequestWaitsForMoreBytes() {
        // A head without its blank line is kept whole; nothing comes out of it yet.
        let head = frameEverySplit("POST /a HTTP/1.1\r\nContent-Length: 3\r\n")
        #expect(head.parts.isEmpty && head.error == nil)
        #expect(head.leftover == "POST /a HTTP/1.1\r\nContent-Length: 3\r\n".utf8.count)
        let body = frameEverySplit("POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\non")
        #expect(body.parts == ["head POST /a HTTP/1.1 length(3)", "body on"])
        #expect(body.error == nil && body.leftover == 0)
    }

    @Test func emptyLinesBeforeARequestLineAreSkipped() {
        // RFC 9112 2.2: some clients send an extra CRLF after a POST body.
        let framed = frameEverySplit(
            "\r\n\n\r\nGET /a HTTP/1.1\r\n\r\n"
                + "POST /b HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi\r\n\r\n"
                + "\nGET /c HTTP/1.1\r\n\r\n"
        )
        #expect(
            framed.parts == [
                "head GET /a HTTP/1.1 length(0)", "end",
                "head POST /b HTTP/1.1 length(2)", "body hi", "end",
                "head GET /c HTTP/1.1 length(0)", "end",
            ])
        #expect(framed.error == nil && framed.leftover == 0)
    }

    @Test func bareLineFeedsAreAcceptedAsLineEnds() throws {
        let framed = frameEverySplit(
            "POST /a HTTP/1.1\nHost: x\nContent-Length: 2\n\nhi"
                + "POST /b HTTP/1.1\nTransfer-Encoding: chunked\n\n2\nok\n0\nTrailer: t\n\n"
                + "GET /c HTTP/1.1\r\nHost: y\n\r\n"
        )
        #expect(
            framed.parts == [
                "head POST /a HTTP/1.1 length(2)", "body hi", "end",
                "head POST /b HTTP/1.1 chunked", "body ok", "end",
                "head GET /c HTTP/1.1 length(0)", "end",
            ])
        #expect(framed.error == nil && framed.leftover == 0)
        // The line ends are not part of the values.
        #expect(framed.heads.map { $0.value(of: "host") } == ["x", nil, "y"])
    }

    @Test func chunkedBodyWithExtensionsAndTrailersReassemblesExactly() {
        // Chunk data is taken by count, so CRLFs and digits inside it are data, not framing.
        let data = ["hello", "\r\n0\r\n\r\n", String(repeating: "x", count: 26), "!"]
        let chunks =
            "5;name=value\r\n\(data[0])\r\n"
            + "7 ; quoted=\"a;b\"\r\n\(data[1])\r\n"
            + "1A\r\n\(data[2])\r\n"
            + "1;last\r\n\(data[3])\r\n"
            + "0;done\r\nChecksum: abc\r\nMore: 1\r\n\r\n"
        let framed = frameEverySplit(
            "POST /events HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "GET /after HTTP/1.1\r\n\r\n"
        )
        #expect(
            framed.parts == [
                "head POST /events HTTP/1.1 chunked", "body " + data.joined(), "end",
                "head GET /after HTTP/1.1 length(0)", "end",
            ])
        #expect(framed.error == nil && framed.leftover == 0)
    }

    @Test func chunkedBodyWithOnlyTheLastChunkIsEmpty() {
        let framed = frameEverySplit("POST /events HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n")
        #expect(framed.parts == ["head POST /events HTTP/1.1 chunked", "end"])
        #expect(framed.error == nil && framed.leftover == 0)
    }

    // MARK: Request head

    @Test func headGivesMethodTargetVersionAndFields() throws {
        let framed = frameEverySplit(
            "PUT /s/p/events?x=1&y=%20 HTTP/1.1\r\nHost: capture\r\nCONTENT-TYPE:application/json \t\r\n"
                + "X-Dup: first\r\nx-dup: second\r\nX-Empty:\r\nContent-Length: 0\r\n\r\n"
        )
        let head = try #require(framed.heads.first)
        #expect(head.method == "PUT")
        #expect(head.target == "/s/p/events?x=1&y=%20")
        #expect(head.version == .http1_1)
        // Names are compared without case; values come trimmed; the first of repeated fields wins.
        #expect(head.value(of: "content-type") == "application/json")
        #expect(head.value(of: "host") == "capture")
        #expect(head.value(of: "x-dup") == "first")
        #expect(head.value(of: "x-empty") == "")
        #expect(head.value(of: "x-missing") == nil)
        // A prefix of a name is not the name.
        #expect(head.value(of: "x-du") == nil)

        // Hummingbird's view keeps every field, in order, with names as sent.
        let nio = head.httpRequestHead
        #expect(nio.method == .PUT && nio.uri == "/s/p/events?x=1&y=%20" && nio.version == .http1_1)
        #expect(
            nio.headers.map { "\($0.name)=\($0.value)" } == [
                "Host=capture", "CONTENT-TYPE=application/json", "X-Dup=first", "x-dup=second", "X-Empty=", "Content-Length=0",
            ])
    }

    @Test func extensionMethodsAreKept() throws {
        let framed = frameEverySplit("FROB * HTTP/1.0\r\n\r\n")
        let head = try #require(framed.heads.first)
        #expect(head.method == "FROB" && head.target == "*" && head.version == .http1_0)
        #expect(head.httpRequestHead.method == .RAW(value: "FROB"))
    }

    @Test func keepAliveFollowsVersionAndConnection() throws {
        let cases: [(version: String, fields: String, keepAlive: Bool)] = [
            ("HTTP/1.1", "", true),
            ("HTTP/1.1", "Connection: close\r\n", false),
            ("HTTP/1.1", "Connection: Keep-Alive, Close\r\n", false),
            ("HTTP/1.1", "Connection: keep-alive\r\n", true),
            ("HTTP/1.1", "Connection: upgrade\r\n", true),
            ("HTTP/1.0", "", false),
            ("HTTP/1.0", "Connection: keep-alive\r\n", true),
            ("HTTP/1.0", "Connection: KEEP-ALIVE\r\n", true),
            ("HTTP/1.0", "Connection: keep-alive\r\nConnection: close\r\n", false),
        ]
        for (version, fields, keepAlive) in cases {
            let framed = frameEverySplit("GET / \(version)\r\nHost: x\r\n\(fields)\r\n")
            #expect(try #require(framed.heads.first).keepAlive == keepAlive, "\(version) \(fields)")
        }
    }

    @Test func expectsContinueOnlyWhenABodyFollows() throws {
        func expects(_ request: String) throws -> Bool {
            try #require(frameEverySplit(request).heads.first).expectsContinue
        }
        #expect(try expects("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi"))
        #expect(try expects("POST / HTTP/1.1\r\nExpect: 100-Continue\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
        // Nothing to wait for: no body, or HTTP/1.0, which has no interim answers.
        #expect(try !expects("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n"))
        #expect(try !expects("GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n"))
        #expect(try !expects("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi"))
        #expect(try !expects("POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi"))
    }

    @Test func equalContentLengthsAreOneLength() {
        // Some proxies repeat the length as a list or a second field; equal values frame the same body.
        for fields in ["Content-Length: 5, 5\r\n", "Content-Length: 5,5 , 5\r\n", "Content-Length: 5\r\ncontent-length: 5\r\n"] {
            let framed = frameEverySplit("POST / HTTP/1.1\r\n\(fields)\r\nhello")
            #expect(framed.parts == ["head POST / HTTP/1.1 length(5)", "body hello", "end"], "\(fields)")
            #expect(framed.error == nil)
        }
    }

    // MARK: Refusals

    /// A request the framer must refuse, and the status it is answered with.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var request: String
        var status: Int
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "Content-Length and Transfer-Encoding",
            request: "POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", status: 400),
        Refusal(
            name: "Transfer-Encoding and Content-Length",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n", status: 400),
        // The field's presence is what matters: an empty value is not "no Transfer-Encoding".
        Refusal(
            name: "empty Transfer-Encoding and Content-Length",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding:\r\nContent-Length: 5\r\n\r\nhello", status: 400),
        Refusal(
            name: "Transfer-Encoding of empty items and Content-Length",
            request: "POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: , \r\n\r\nhello", status: 400),
        Refusal(name: "empty Transfer-Encoding", request: "POST / HTTP/1.1\r\nTransfer-Encoding: \r\n\r\n", status: 501),
        Refusal(
            name: "differing Content-Length fields",
            request: "POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", status: 400),
        Refusal(name: "differing Content-Length list", request: "POST / HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\nhello!", status: 400),
        Refusal(name: "non-numeric Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: five\r\n\r\nhello", status: 400),
        Refusal(name: "negative Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\nhello", status: 400),
        Refusal(name: "signed Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\nhello", status: 400),
        Refusal(name: "hex Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: 0x5\r\n\r\nhello", status: 400),
        Refusal(name: "spaced Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\nhello world!", status: 400),
        Refusal(name: "empty Content-Length", request: "POST / HTTP/1.1\r\nContent-Length:\r\n\r\n", status: 400),
        Refusal(name: "huge Content-Length", request: "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", status: 400),
        Refusal(name: "whitespace before a colon", request: "POST / HTTP/1.1\r\nContent-Length : 5\r\n\r\nhello", status: 400),
        Refusal(name: "tab before a colon", request: "GET / HTTP/1.1\r\nHost\t: x\r\n\r\n", status: 400),
        Refusal(name: "folded line", request: "GET / HTTP/1.1\r\nX-Long: a\r\n  b\r\nHost: x\r\n\r\n", status: 400),
        Refusal(name: "folded line with a colon", request: "GET / HTTP/1.1\r\nX-Long: a\r\n\tb: c\r\n\r\n", status: 400),
        Refusal(name: "line without a colon", request: "GET / HTTP/1.1\r\nHost x\r\n\r\n", status: 400),
        Refusal(name: "empty field name", request: "GET / HTTP/1.1\r\n: x\r\n\r\n", status: 400),
        Refusal(name: "Transfer-Encoding gzip", request: "POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501),
        Refusal(
            name: "Transfer-Encoding gzip, chunked",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", status: 501),
        Refusal(
            name: "Transfer-Encoding in two fields",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 501),
        Refusal(
            name: "Transfer-Encoding in HTTP/1.0",
            request: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
        Refusal(name: "HTTP/2.0", request: "GET / HTTP/2.0\r\n\r\n", status: 505),
        Refusal(name: "HTTP/0.9 style version", request: "GET / HTTP/0.9\r\n\r\n", status: 505),
        Refusal(name: "request line without a version", request: "GET /\r\n\r\n", status: 400),
        Refusal(name: "request line with two spaces", request: "GET  / HTTP/1.1\r\n\r\n", status: 400),
        Refusal(name: "request line with a space in the target", request: "GET /a b HTTP/1.1\r\n\r\n", status: 400),
        Refusal(name: "request line with trailing space", request: "GET / HTTP/1.1 \r\n\r\n", status: 400),
        Refusal(name: "request line with a bad method", request: "G(T / HTTP/1.1\r\n\r\n", status: 400),
        Refusal(name: "request line with a bad protocol", request: "GET / HTTX/1.1\r\n\r\n", status: 400),
        Refusal(name: "request line with a long version", request: "GET / HTTP/1.10\r\n\r\n", status: 400),
        Refusal(name: "request line that is not HTTP", request: "\u{16}\u{03}\u{01}\u{02}\u{00}\n\n", status: 400),
        Refusal(
            name: "non-hex chunk size",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", status: 400),
        Refusal(name: "empty chunk size line", request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", status: 400),
        Refusal(
            name: "chunk extension without a size",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n;a=b\r\n0\r\n\r\n", status: 400),
        Refusal(name: "signed chunk size", request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n", status: 400),
        Refusal(
            name: "huge chunk size",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n", status: 400),
        Refusal(
            name: "chunk data longer than its size",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n0\r\n\r\n", status: 400),
        Refusal(
            name: "chunk data much longer than its size",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdefgh\r\n0\r\n\r\n", status: 400),
        Refusal(
            name: "chunk size line too long",
            request: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 5000) + "\r\n",
            status: 400),
        Refusal(name: "control character in a header value", request: "GET / HTTP/1.1\r\nX-A: a\u{01}b\r\n\r\n", status: 400),
        Refusal(name: "NUL in a header value", request: "GET / HTTP/1.1\r\nX-A: a\u{00}b\r\n\r\n", status: 400),
        Refusal(name: "DEL in a header value", request: "GET / HTTP/1.1\r\nX-A: a\u{7F}\r\n\r\n", status: 400),
        Refusal(name: "bare CR in a header value", request: "GET / HTTP/1.1\r\nX-A: a\rX-B: b\r\n\r\n", status: 400),
        Refusal(
            name: "too many header fields",
            request: "GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: HTTPRequestFramer.maxFields + 1) + "\r\n",
            status: 431),
    ]

    @Test(arguments: refusals)
    func refusesWithItsStatus(_ refusal: Refusal) {
        let framed = frameEverySplit(refusal.request)
        #expect(framed.error?.status == refusal.status, "\(framed.error?.reason ?? "accepted: \(framed.parts)")")
    }

    @Test func refusalAfterAGoodRequestComesAfterItsParts() {
        // A bad second request does not take back the first one's parts.
        let framed = frameEverySplit("GET /a HTTP/1.1\r\n\r\nGET /b HTTP/2.0\r\n\r\n")
        #expect(framed.parts == ["head GET /a HTTP/1.1 length(0)", "end"])
        #expect(framed.error?.status == 505)
    }

    @Test func headLargerThanTheLimitWithoutAnEndIs431() {
        let endless = Array(("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: HTTPRequestFramer.maxHeadSize)).utf8)
        // Refused as soon as more than the limit is waiting, however it arrives.
        for pieceSize in [endless.count, 4096, 7, 1] {
            let framed = feed(stride(from: 0, to: endless.count, by: pieceSize).map { endless[$0..<min($0 + pieceSize, endless.count)] })
            #expect(framed.error?.status == 431, "pieces of \(pieceSize)")
            if pieceSize == 1 { #expect(framed.fed == HTTPRequestFramer.maxHeadSize + 1) }
        }
    }

    @Test func headUpToTheLimitIsAcceptedAndOneByteMoreIsNot() {
        let start = "GET / HTTP/1.1\r\nX-Big: "
        let end = "\r\n\r\n"
        let filler = HTTPRequestFramer.maxHeadSize - start.utf8.count - end.utf8.count
        let atLimit = Array((start + String(repeating: "a", count: filler) + end).utf8)
        let overLimit = Array((start + String(repeating: "a", count: filler + 1) + end).utf8)
        #expect(atLimit.count == HTTPRequestFramer.maxHeadSize)
        for pieceSize in [atLimit.count + 1, 1000] {
            func pieces(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
                stride(from: 0, to: bytes.count, by: pieceSize).map { bytes[$0..<min($0 + pieceSize, bytes.count)] }
            }
            let accepted = feed(pieces(atLimit))
            #expect(accepted.error == nil && accepted.parts == ["head GET / HTTP/1.1 length(0)", "end"], "pieces of \(pieceSize)")
            #expect(feed(pieces(overLimit)).error?.status == 431, "pieces of \(pieceSize)")
        }
    }

    @Test func afterAnErrorEveryCallThrows() {
        var framer = HTTPRequestFramer()
        var buffer = ByteBuffer(string: "POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &buffer) }
        // The connection's framing is lost: a good request, or no bytes at all, still throws.
        var good = ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n")
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &good) }
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &good) }
        var empty = ByteBuffer()
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &empty) }
        #expect(good.readableBytes == "GET / HTTP/1.1\r\n\r\n".utf8.count)
    }

    @Test func afterABodyErrorEveryCallThrows() throws {
        var framer = HTTPRequestFramer()
        var buffer = ByteBuffer(string: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n")
        guard case .head = try framer.next(from: &buffer) else {
            Issue.record("no head")
            return
        }
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &buffer) }
        var good = ByteBuffer(string: "0\r\n\r\n")
        #expect(throws: HTTPFramingError.self) { try framer.next(from: &good) }
    }
}

// MARK: - Feeding

/// What a framer made of some bytes. Body pieces are joined, so cutting the bytes differently
/// gives an equal value when the framing is the same.
private struct Framed {
    /// `head METHOD target version framing`, `body text` or `end`.
    var parts: [String] = []
    var heads: [RequestHead] = []
    /// Each head in full, so splits are compared on every field.
    var headDetails: [String] = []
    var error: HTTPFramingError?
    /// Bytes handed to the framer up to the end or the error.
    var fed = 0
    /// Bytes the framer left in the buffer.
    var leftover = 0

    mutating func record(_ part: HTTPRequestFramer.Part) {
        switch part {
        case .head(let head):
            parts.append("head \(head.method) \(head.target) \(head.version) \(head.framing)")
            heads.append(head)
            let fields = head.httpRequestHead.headers.map { "\($0.name)=\($0.value)" }
            headDetails.append("\(head.keepAlive) \(head.expectsContinue) \(fields)")
        case .body(let bytes):
            let text = String(buffer: bytes)
            if let last = parts.last, last.hasPrefix("body ") {
                parts[parts.count - 1] = last + text
            } else {
                parts.append("body " + text)
            }
        case .end:
            parts.append("end")
        }
    }

    /// Equal framing: same parts and heads, refused with the same status (reasons may differ
    /// when the bytes in hand differ), and, when not refused, the same bytes left waiting.
    func sameFraming(as other: Framed) -> Bool {
        parts == other.parts && headDetails == other.headDetails && error?.status == other.error?.status
            && (error != nil || leftover == other.leftover)
    }
}

/// Feeds `pieces` one read at a time, taking every part the framer gives after each.
private func feed(_ pieces: [ArraySlice<UInt8>]) -> Framed {
    var framer = HTTPRequestFramer()
    var buffer = ByteBuffer()
    var framed = Framed()
    do throws(HTTPFramingError) {
        for piece in pieces {
            buffer.writeBytes(piece)
            framed.fed += piece.count
            while let part = try framer.next(from: &buffer) { framed.record(part) }
        }
    } catch {
        framed.error = error
    }
    framed.leftover = buffer.readableBytes
    return framed
}

/// Frames `text` in one read, and checks that cutting it in two at every position, and into
/// single bytes, frames it the same: the framer must not depend on where reads end.
private func frameEverySplit(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Framed {
    let bytes = Array(text.utf8)
    let whole = feed([bytes[...]])
    var cuts: [(String, [ArraySlice<UInt8>])] = (0...bytes.count).map { ("split at \($0)", [bytes[..<$0], bytes[$0...]]) }
    cuts.append(("single bytes", bytes.indices.map { bytes[$0...$0] }))
    for (name, pieces) in cuts {
        let framed = feed(pieces)
        guard framed.sameFraming(as: whole) else {
            Issue.record(
                "\(name): \(framed.parts) \(framed.error.map { "\($0)" } ?? "") differs from one read: \(whole.parts) \(whole.error.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation
            )
            break
        }
    }
    return whole
}
