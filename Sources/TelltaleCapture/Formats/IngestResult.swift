import Foundation
import NIOCore

/// What a wire format made of a request: the events to store and the answer its SDKs expect.
struct IngestResult: Sendable {
    /// In the request's order; empty when the request held none to keep.
    var events: [IncomingEvent]
    /// Sent once the events are durable, or at once when there are none.
    var answer: IngestAnswer
    /// Events the format's own rules refused but whose request still gets a 2xx
    /// (GA4's debug endpoint answers 200 with validation messages); kept as a bad capture.
    var rejectedReason: String?

    init(events: [IncomingEvent], answer: IngestAnswer, rejectedReason: String? = nil) {
        self.events = events
        self.answer = answer
        self.rejectedReason = rejectedReason
    }
}

/// An HTTP answer, independent of the HTTP library; the body is a `ByteBuffer` so answering
/// does not copy it.
struct IngestAnswer: Sendable {
    var status: Int
    var contentType: String
    var body: ByteBuffer

    init(status: Int, contentType: String, body: ByteBuffer) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    init(status: Int, contentType: String, body: Data) {
        self.init(status: status, contentType: contentType, body: ByteBuffer(bytes: body))
    }

    static func json(_ text: String, status: Int = 200) -> IngestAnswer {
        IngestAnswer(status: status, contentType: "application/json", body: ByteBuffer(string: text))
    }

    static func text(_ text: String, status: Int = 200) -> IngestAnswer {
        IngestAnswer(status: status, contentType: "text/plain; charset=utf-8", body: ByteBuffer(string: text))
    }

    /// GA4's `/mp/collect` answer.
    static let noContent = IngestAnswer(status: 204, contentType: "text/plain", body: ByteBuffer())

    /// `{"accepted": count}`, Telltale's own answer; the usual counts are made once.
    static func accepted(_ count: Int) -> IngestAnswer {
        count < acceptedAnswers.count ? acceptedAnswers[count] : .json("{\"accepted\":\(count)}")
    }

    private static let acceptedAnswers = (0...100).map { IngestAnswer.json("{\"accepted\":\($0)}") }
}
