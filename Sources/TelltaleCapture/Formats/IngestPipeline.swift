import Foundation
import NIOCore
import NIOHTTP1
import TelltaleModel

/// One capture request, from its head and body to its answer: the body decompressed, the wire
/// format decoded, refusals kept as bad captures, the events stored. Synchronous but for the
/// log's sync, so it runs on the connection's event loop (`IngestChannelHandler`).
struct IngestPipeline: Sendable {
    let store: EventStore
    /// The largest body taken, in bytes, as sent and again once decompressed (`--max-body-size`).
    let maxBodySize: Int

    /// What is known of an ingest request once its head has arrived.
    struct Head: Sendable {
        var route: IngestRoute
        var target: CaptureTarget
        var method: String
        var contentType: String
        var contentEncoding: String?
        var authorization: String?
        /// The `/s/{session}` prefix's session, else `default`.
        var session: String { target.session ?? CaptureTarget.defaultSession }
    }

    /// The head of a request to a capture route; nil for anything else (the control API,
    /// unknown paths), which Hummingbird's responder answers.
    static func head(for request: RequestHead) -> Head? {
        let target = CaptureTarget(uri: request.target)
        guard !target.path.hasPrefix("/_telltale"), let route = IngestRoute.match(path: target.path) else { return nil }
        return Head(
            route: route, target: target, method: request.method,
            contentType: request.value(of: "content-type") ?? "", contentEncoding: request.value(of: "content-encoding"),
            authorization: request.value(of: "authorization")
        )
    }

    /// How a request is answered: at once, or once its events are stored and durable.
    enum Outcome {
        case now(IngestAnswer)
        /// `answer` once `store(_:source:session:notifying:)` says the events are durable; a 503 if
        /// they could not be stored, since nothing is acknowledged that is not on disk.
        case store([IncomingEvent], answer: IngestAnswer)
    }

    /// Decodes a request; `body` is nil when it passed `maxBodySize` (and was not kept).
    /// Refusals are recorded as bad captures here; events are stored by `store`, once the
    /// caller is ready for the notice (it may come before `store` returns).
    func process(_ head: Head, body: ByteBuffer?) -> Outcome {
        let result: IngestResult
        let decoded: Data
        do {
            (result, decoded) = try decode(head, body: body)
        } catch {
            return .now(error.answer)
        }
        // A format may answer 2xx and still refuse (GA4's debug route): kept as bad, nothing stored.
        if let reason = result.rejectedReason {
            record(.rejected(status: result.answer.status, reason: reason), head, body: decoded)
        }
        guard !result.events.isEmpty else { return .now(result.answer) }
        return .store(result.events, answer: result.answer)
    }

    /// Stores the events of a `.store` outcome; `notice` hears when they are durable, and the
    /// answer goes out then.
    func store(_ events: [IncomingEvent], source: Event.Source, session: String, notifying notice: DurabilityNotice) {
        store.accept(events, source: source, session: session, notifying: notice)
    }

    /// A capture request whose body could not be framed (a broken chunk): kept as a bad capture.
    func refuseFraming(_ error: HTTPFramingError, _ head: Head) -> IngestAnswer {
        refuse(.rejected(status: error.status, reason: error.reason), head, body: Data()).answer
    }

    /// A request that could not be framed before its route was known: only answered.
    static func framingRefusal(_ error: HTTPFramingError) -> IngestAnswer {
        .json(JSONValue.object(["error": .string(error.reason)]).compactText, status: error.status)
    }

    /// The 503 for events the log could not take: the sender may retry, as nothing was acknowledged.
    static func storeFailed(_ error: any Error) -> IngestAnswer {
        .json(JSONValue.object(["error": .string("could not store the events: \(error.localizedDescription)")]).compactText, status: 503)
    }

    /// Decodes the request, recording a refusal as a bad capture before it is thrown.
    private func decode(_ head: Head, body: ByteBuffer?) throws(Refusal) -> (IngestResult, body: Data) {
        // In order of cost: the method, the size, the decompression, then the format's decoder.
        guard head.route.allows(method: head.method) else {
            throw refuse(.rejected(status: 405, reason: "\(head.method) is not accepted on \(head.target.path)"), head, body: Data())
        }
        guard let body else { throw refuse(RequestBody.tooLarge(maxBodySize), head, body: Data()) }
        let decoded: Data
        do {
            decoded = Data(buffer: try RequestBody.decode(body, contentEncoding: head.contentEncoding, maxBodySize: maxBodySize))
        } catch {
            throw refuse(error, head, body: Data())
        }
        let request = IngestRequest(
            method: head.method, path: head.target.path, query: head.target.queryFields,
            contentType: Self.asciiLowercased(head.contentType), authorization: head.authorization, body: decoded,
            maxBodySize: maxBodySize
        )
        do {
            return (try head.route.decode(request), decoded)
        } catch {
            throw refuse(error, head, body: decoded)
        }
    }

    /// Records the refusal and makes its answer: `{"error": reason, "status": 0}` with the refusal's
    /// status (400 for a malformed body, 401, 405, 413, 415); any other error is a 400 without `status`.
    private func refuse(_ error: CaptureError, _ head: Head, body: Data) -> Refusal {
        record(error, head, body: body)
        guard case .rejected(let status, let reason) = error else {
            return Refusal(answer: .json(JSONValue.object(["error": .string(error.localizedDescription)]).compactText, status: 400))
        }
        return Refusal(answer: .json(JSONValue.object(["error": .string(reason), "status": 0]).compactText, status: status))
    }

    /// Keeps the refused request as a bad capture: its head and the start of its decompressed body
    /// (`BadCapture.sampleLimit`); empty for one refused before its body was decoded.
    private func record(_ error: CaptureError, _ head: Head, body: Data) {
        var status = 400
        var reason = error.localizedDescription
        if case .rejected(let code, let text) = error {
            status = code
            reason = text
        }
        store.recordBad(
            BadCapture(
                id: "", receivedAt: Date(), session: head.session, method: head.method, path: head.target.path, status: status,
                reason: reason, contentType: head.contentType.isEmpty ? nil : head.contentType, bodySize: body.count,
                bodySample: String(decoding: body.prefix(BadCapture.sampleLimit), as: UTF8.self)
            ))
    }

    /// `text` lowercased, without a copy when it is already (as content types usually are).
    static func asciiLowercased(_ text: String) -> String {
        text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? text.lowercased() : text
    }

    /// A refused request's answer, already recorded as a bad capture.
    /// A request refused with `answer`, thrown out of the decoding to the response.
    private struct Refusal: Error, LocalizedError {
        var answer: IngestAnswer
        var errorDescription: String? { "the request was refused (\(answer))" }
    }
}
