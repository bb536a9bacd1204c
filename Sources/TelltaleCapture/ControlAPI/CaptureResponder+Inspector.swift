import Foundation
import Hummingbird
import NIOCore
import TelltaleModel

/// The live inspector: its page, its event stream, and a stored event by id.
extension CaptureResponder {
    /// A comment line keeps an idle stream open through proxies and tells a page the server lives.
    static let keepaliveInterval: Duration = .seconds(15)

    static func inspectorPage() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: InspectorPage.html)))
    }

    /// `GET /_telltale/stream`: server-sent events. The first frames are a hello and every
    /// event in memory after the `Last-Event-ID` the browser sends on a reconnect (all, on a
    /// first connect); then each event as it is stored, bad captures and resets, until the
    /// page goes away or the server stops.
    func inspectorStream(_ request: Request, query: [String: String]) -> Response {
        // What a reconnecting EventSource sends: the id of the last event it saw.
        let lastEventID = request.headers.first { $0.name.canonicalName == "last-event-id" }?.value ?? query["after"]
        // `first`: the hello and the replay, read under the same lock as `start`, the feed's
        // position, is taken: no event falls between the replay and the live frames.
        let (first, start) = store.openStream(after: lastEventID)
        let feed = store.feed
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let body = ResponseBody { writer in
            defer { feed.unsubscribe() }
            try await writer.write(Self.joined(first))
            var cursor = start
            while true {
                let from = cursor
                // Whichever comes first: frames from the feed, or the keepalive's turn.
                let next = await withTaskGroup(of: ((frames: [ByteBuffer], next: Int)?, Bool).self) { group in
                    group.addTask { (await feed.read(from: from), false) }
                    group.addTask {
                        try? await Task.sleep(for: Self.keepaliveInterval)
                        return (nil, true)
                    }
                    let first = await group.next()!
                    group.cancelAll()
                    return first
                }
                if next.1 {
                    try await writer.write(InspectorFrames.keepalive)
                    continue
                }
                // The feed closed, or this page fell behind it: end; the browser reconnects
                // with the last id it saw and is replayed the rest from the store.
                guard let (frames, following) = next.0 else { break }
                try await writer.write(Self.joined(frames))
                cursor = following
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// `GET /_telltale/events/ID`.
    func storedEvent(id: String) -> Response {
        guard let (event, violations) = store.event(id: id) else {
            return Self.json(["error": .string("no event \(id) in memory (it may have left it for --max-events; the log keeps it)")], status: 404)
        }
        var bytes: [UInt8] = []
        InspectorFrames.appendEventJSON(event, violations: violations, to: &bytes)
        return Self.response(IngestAnswer(status: 200, contentType: "application/json", body: ByteBuffer(bytes: bytes)))
    }

    /// `{"events":[…]}`, each with its `check` when the server has a tracking plan.
    func eventsAnswer(_ events: [Event]) -> Response {
        var bytes: [UInt8] = Array(#"{"events":["#.utf8)
        for (index, item) in store.checked(events).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            InspectorFrames.appendEventJSON(item.event, violations: item.violations, to: &bytes)
        }
        bytes += Array("]}".utf8)
        return Self.response(IngestAnswer(status: 200, contentType: "application/json", body: ByteBuffer(bytes: bytes)))
    }

    private static func joined(_ frames: [ByteBuffer]) -> ByteBuffer {
        guard frames.count != 1 else { return frames[0] }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(frames.reduce(0) { $0 + $1.readableBytes })
        for var frame in frames { buffer.writeBuffer(&frame) }
        return buffer
    }
}
