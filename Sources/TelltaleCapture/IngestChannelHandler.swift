import NIOCore
import NIOHTTP1

/// Answers the capture routes straight from the connection's event loop, and passes every other
/// request (the control API, unknown paths) on to Hummingbird's responder behind it.
///
/// Hummingbird runs each request as Swift concurrency tasks: per request a hop from the event
/// loop to the cooperative pool, into the store and back. At capture rates those hops cost far
/// more than the work, so here a request is read, decoded, stored and answered on its event
/// loop; only the log's `write` and `fdatasync` leave it, for NIO's thread pool.
///
/// Answers stay in request order across both paths (HTTP/1.1 pipelining): while one request is
/// being answered, later ones wait in `queued`, and reads pause until they are taken.
final class IngestChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case idle
        /// Reading a capture request's body; `body` is nil once it passed the limit (the rest is discarded).
        case reading(IngestPipeline.Head, body: ByteBuffer?, size: Int, version: HTTPVersion, keepAlive: Bool)
        /// Its events are being stored; the answer comes when they are durable.
        case answering
        /// A request handed on to Hummingbird, until it is fully read and fully answered.
        case forwarding(requestDone: Bool, responseDone: Bool)
    }

    private let pipeline: IngestPipeline
    private var state = State.idle
    private var queued = CircularBuffer<HTTPServerRequestPart>()
    private var readHeld = false
    private var closeWhenAnswered = false
    private var resuming = false
    private var forwardedSinceReadComplete = false
    private var responses = ResponseBytes()
    /// The context of NIO's `HTTPResponseEncoder`: answers written from it skip the encoder
    /// (`ResponseBytes` has encoded them), while Hummingbird's answers still go through it.
    /// Responses never interleave (see `queued`), so the encoder's state is not disturbed.
    private var encoderContext: ChannelHandlerContext?

    init(pipeline: IngestPipeline) {
        self.pipeline = pipeline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // `CaptureHTTPChannel` puts it ahead of this handler.
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            preconditionFailure("IngestChannelHandler needs NIO's HTTPResponseEncoder ahead of it in the pipeline")
        }
        encoderContext = encoder
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        encoderContext = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = Self.unwrapInboundIn(data)
        if queued.isEmpty && take(part, context: context) { return }
        queued.append(part)
    }

    /// Handles one inbound part; false when it must wait for the current answer.
    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) -> Bool {
        switch (state, part) {
        case (.idle, .head(let request)):
            if let head = IngestPipeline.head(for: request) {
                state = .reading(head, body: ByteBuffer(), size: 0, version: request.version, keepAlive: request.isKeepAlive)
            } else {
                state = .forwarding(requestDone: false, responseDone: false)
                forward(part, context: context)
            }
        case (.reading(let head, var body, let size, let version, let keepAlive), .body(let chunk)):
            let total = size + chunk.readableBytes
            state = .answering  // Drops the state's copy of `body`, so appending to it does not copy it.
            if total > pipeline.maxBodySize {
                body = nil
            } else if body?.readableBytes == 0 {
                body = chunk  // A body in one chunk, the usual case, is kept without a copy.
            } else {
                body?.writeImmutableBuffer(chunk)
            }
            state = .reading(head, body: body, size: total, version: version, keepAlive: keepAlive)
        case (.reading(let head, let body, _, let version, let keepAlive), .end):
            state = .answering
            switch pipeline.process(head, body: body, on: context.eventLoop) {
            case .now(let answer):
                respond(answer, version: version, keepAlive: keepAlive, context: context)
            case .whenDurable(let durable, let answer):
                durable.assumeIsolated().whenComplete { result in
                    switch result {
                    case .success: self.respond(answer, version: version, keepAlive: keepAlive, context: context)
                    case .failure(let error): self.respond(IngestPipeline.storeFailed(error), version: version, keepAlive: keepAlive, context: context)
                    }
                }
            }
        case (.forwarding(false, let responseDone), .body), (.forwarding(false, let responseDone), .end):
            if case .end = part {
                state = responseDone ? .idle : .forwarding(requestDone: true, responseDone: false)
            }
            forward(part, context: context)
        case (.idle, .body), (.idle, .end):
            // Not after a head: the decoder never sends this; Hummingbird reports it if it does.
            forward(part, context: context)
        case (.reading, .head), (.answering, _), (.forwarding, _):
            return false
        }
        return true
    }

    private func respond(_ answer: IngestAnswer, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext) {
        let close = !keepAlive || closeWhenAnswered
        let bytes = NIOAny(responses.bytes(for: answer, version: version, close: close))
        guard !close else {
            // Closed once written: a close fails the writes still pending.
            let written = context.eventLoop.makePromise(of: Void.self)
            encoderContext?.writeAndFlush(bytes, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        encoderContext?.writeAndFlush(bytes, promise: nil)
        state = .idle
        resume(context: context)
    }

    private func forward(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        forwardedSinceReadComplete = true
        context.fireChannelRead(Self.wrapInboundOut(part))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        forwardedSinceReadComplete = false
        context.fireChannelReadComplete()
    }

    /// Takes the requests that waited for the last answer, then lets reading go on.
    private func resume(context: ChannelHandlerContext) {
        // An answer given at once (a refusal) comes back here from inside `take`: the outer call goes on.
        guard !resuming else { return }
        resuming = true
        defer { resuming = false }
        while let part = queued.popFirst() {
            guard take(part, context: context) else {
                queued.prepend(part)
                break
            }
        }
        // Hummingbird's channel delivers what it was sent at the end of a read; parts taken
        // from the queue come after that, so they get a read-complete of their own.
        if forwardedSinceReadComplete {
            forwardedSinceReadComplete = false
            context.fireChannelReadComplete()
        }
        if readHeld && queued.isEmpty {
            readHeld = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // Pipelined requests waiting in `queued` pause reading, so they cannot pile up. Reading
        // is not paused merely while an answer is pending: that would cost two `epoll_ctl`
        // calls per request, and a client that does not pipeline sends nothing meanwhile.
        guard queued.isEmpty else { readHeld = true; return }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        // Hummingbird's answer to a forwarded request: once complete, the next request may go.
        guard case .end = Self.unwrapOutboundIn(data), case .forwarding(let requestDone, _) = state else { return }
        state = requestDone ? .idle : .forwarding(requestDone: false, responseDone: true)
        if requestDone { resume(context: context) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A graceful shutdown closes idle connections; one of ours is idle only once answered.
        if event is ChannelShouldQuiesceEvent {
            switch state {
            case .reading, .answering:
                closeWhenAnswered = true
                return
            case .idle, .forwarding:
                break
            }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
