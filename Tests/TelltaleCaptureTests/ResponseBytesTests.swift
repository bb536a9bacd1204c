import NIOCore
import NIOHTTP1
import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

@Suite(.tags(.small))
struct ResponseBytesTests {
    @Test func statusLineHeadersAndBody() {
        let answer = IngestAnswer.json("{\"accepted\":1}")
        #expect(
            String(buffer: ResponseBytes.encode(answer, version: .http1_1, close: false))
                == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"accepted\":1}")
        #expect(
            String(buffer: ResponseBytes.encode(answer, version: .http1_1, close: true))
                == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\nConnection: close\r\n\r\n{\"accepted\":1}")
        #expect(
            String(buffer: ResponseBytes.encode(.text("1"), version: .http1_0, close: false))
                == "HTTP/1.0 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 1\r\nConnection: keep-alive\r\n\r\n1")
        // No length for a 204.
        #expect(
            String(buffer: ResponseBytes.encode(.noContent, version: .http1_1, close: false))
                == "HTTP/1.1 204 No Content\r\nContent-Type: text/plain\r\n\r\n")
    }

    @Test func theLastAnswerIsReusedOnlyWhenIdentical() {
        var responses = ResponseBytes()
        let first = responses.bytes(for: .json("{\"accepted\":1}"), version: .http1_1, close: false)
        #expect(responses.bytes(for: .json("{\"accepted\":1}"), version: .http1_1, close: false) == first)
        #expect(String(buffer: responses.bytes(for: .json("{\"accepted\":2}"), version: .http1_1, close: false)).hasSuffix("{\"accepted\":2}"))
        #expect(
            String(buffer: responses.bytes(for: .json("{\"accepted\":2}", status: 400), version: .http1_1, close: false)).hasPrefix(
                "HTTP/1.1 400 Bad Request\r\n"))
    }
}
