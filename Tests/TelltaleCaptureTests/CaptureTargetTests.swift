import TelltaleTestSupport
import Testing

@testable import TelltaleCapture

@Suite(.tags(.small))
struct CaptureTargetTests {
    @Test func sessionPrefixPathAndQuery() {
        #expect(CaptureTarget(uri: "/s/worker-1/v1/track?a=1&b=x%20y") == CaptureTarget(session: "worker-1", path: "/v1/track", query: "a=1&b=x%20y"))
        #expect(CaptureTarget(uri: "/events") == CaptureTarget(session: nil, path: "/events", query: nil))
        #expect(CaptureTarget(uri: "/s/w%201/events#frag") == CaptureTarget(session: "w 1", path: "/events", query: nil))
        #expect(CaptureTarget(uri: "/i?e=pv#top") == CaptureTarget(session: nil, path: "/i", query: "e=pv"))
        #expect(CaptureTarget(uri: "/s//events") == CaptureTarget(session: "default", path: "/events", query: nil))
        #expect(CaptureTarget(uri: "/s/w1") == CaptureTarget(session: "w1", path: "/", query: nil))
        // The absolute form, as a proxy would send it.
        #expect(CaptureTarget(uri: "http://127.0.0.1:9/s/w2/events?x=1") == CaptureTarget(session: "w2", path: "/events", query: "x=1"))
        #expect(CaptureTarget(uri: "/track?data=abc&verbose=1").queryFields == ["data": "abc", "verbose": "1"])
    }

    @Test func eventIDsHaveAtLeastEightDigits() {
        #expect(EventIndex.paddedNumber(1) == "00000001")
        #expect(EventIndex.paddedNumber(12_345_678) == "12345678")
        #expect(EventIndex.paddedNumber(123_456_789) == "123456789")
    }
}
