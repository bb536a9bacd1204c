import NIOCore
import NIOHTTP1

/// Reads requests off the connection with `HTTPRequestFramer`, answers the capture routes
/// straight from the connection's event loop, and passes every other request (the control API,
/// unknown paths) on to Hummingbird's responder behind it, as NIO's HTTP parts.
///
/// Hummingbird runs each request as Swift concurrency tasks: per request a hop from the event
/// loop to the cooperative pool, into the store and back. At capture rates those hops cost far
/// more than the work, so here a request is read, decoded, stored and answered on its event
/// loop; only the log's `write` and `fdatasync` leave it, for NIO's thread pool.
///
/// Answers stay in request order across both paths (HTTP/1.1 pipelining): while one request is
/// being answered, the bytes of later ones wait in `unread`, and reads pause while they do.
final class IngestChannelHandler: ChannelDuplexHandler, RemovableChannelHandler, DurabilityListener {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case idle
        /// Reading a capture request's body; `body` is nil once it passed the limit (the rest is discarded).
        case reading(IngestPipeline.Head, body: ByteBuffer?, size: Int, version: HTTPVersion, keepAlive: Bool)
        /// Its events are being stored; `answer` goes out when they are durable.
        case answering(IngestAnswer, version: HTTPVersion, keepAlive: Bool)
        /// A request handed on to Hummingbird, until it is fully read and fully answered.
        case forwarding(requestDone: Bool, responseDone: Bool)
        /// Answered with `Connection: close`, or the bytes could not be framed: nothing more is read.
        case closing
    }

    private let pipeline: IngestPipeline
    private var framer = HTTPRequestFramer()
    private var state = State.idle
    /// Bytes received and not yet framed.
    private var unread = ByteBuffer()
    /// A `read` was held back while requests waited in `unread`; `resume` makes it once they are taken.
    private var readHeld = false
    /// A graceful shutdown came mid-request: that request's answer closes the connection.
    private var closeWhenAnswered = false
    /// `frame` is on the stack, so a nested call returns and leaves the work to it.
    private var framing = false
    /// Parts went to Hummingbird since its last read-complete, which it needs to act on them.
    private var forwardedSinceReadComplete = false
    /// The connection's encoder of answers, which reuses the last one's bytes.
    private var responses = ResponseBytes()
    /// The context of NIO's `HTTPResponseEncoder`: answers written from it skip the encoder
    /// (`ResponseBytes` has encoded them), while Hummingbird's answers still go through it.
    /// Responses never interleave (see `unread`), so the encoder's state is not disturbed.
    private var encoderContext: ChannelHandlerContext?
    private var context: ChannelHandlerContext?

    init(pipeline: IngestPipeline) {
        self.pipeline = pipeline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // `CaptureHTTPChannel` puts it ahead of this handler.
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            preconditionFailure("IngestChannelHandler needs NIO's HTTPResponseEncoder ahead of it in the pipeline")
        }
        encoderContext = encoder
        self.context = context
        pipeline.store.sendersChanged(by: 1)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        encoderContext = nil
        self.context = nil
        pipeline.store.sendersChanged(by: -1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = Self.unwrapInboundIn(data)
        if unread.readableBytes == 0 {
            unread = bytes  // The usual case: a read holds whole requests and nothing waits.
        } else {
            unread.writeBuffer(&bytes)
        }
        frame(context: context)
    }

    /// Frames and takes requests from `unread` for as long as the state lets them be taken.
    private func frame(context: ChannelHandlerContext) {
        // An answer given at once (a refusal) comes back here from inside the loop: the outer call goes on.
        guard !framing else { return }
        framing = true
        defer { framing = false }
        while takesParts {
            let part: HTTPRequestFramer.Part?
            do {
                part = try framer.next(from: &unread)
            } catch {
                fail(error, context: context)
                return
            }
            guard let part else { break }
            take(part, context: context)
        }
    }

    private var takesParts: Bool {
        switch state {
        case .idle, .reading, .forwarding(requestDone: false, _): true
        case .answering, .forwarding(requestDone: true, _), .closing: false
        }
    }

    private func take(_ part: HTTPRequestFramer.Part, context: ChannelHandlerContext) {
        switch (state, part) {
        case (.idle, .head(let request)):
            // A client that sent its body without waiting needs no `100 Continue`.
            if request.expectsContinue && unread.readableBytes == 0 {
                encoderContext?.writeAndFlush(NIOAny(ResponseBytes.continue), promise: nil)
            }
            if let head = IngestPipeline.head(for: request) {
                state = .reading(head, body: ByteBuffer(), size: 0, version: request.version, keepAlive: request.keepAlive)
            } else {
                state = .forwarding(requestDone: false, responseDone: false)
                forward(.head(request.httpRequestHead), context: context)
            }
        case (.reading(let head, var body, let size, let version, let keepAlive), .body(let chunk)):
            let total = size + chunk.readableBytes
            // Briefly `.closing`: that drops the state's copy of `body`, so appending to it does not copy it.
            state = .closing
            if total > pipeline.maxBodySize {
                body = nil
            } else if body?.readableBytes == 0 {
                body = chunk  // A body in one chunk, the usual case, is kept without a copy.
            } else {
                body?.writeImmutableBuffer(chunk)
            }
            state = .reading(head, body: body, size: total, version: version, keepAlive: keepAlive)
        case (.reading(let head, let body, _, let version, let keepAlive), .end):
            switch pipeline.process(head, body: body) {
            case .now(let answer):
                respond(answer, version: version, keepAlive: keepAlive, context: context)
            case .store(let events, let answer):
                // Set first: a store without a log (or a closed one) tells within `store`.
                state = .answering(answer, version: version, keepAlive: keepAlive)
                pipeline.store(events, source: head.route.source, session: head.session, notifying: .listener(self, on: context.eventLoop))
            }
        case (.forwarding(false, _), .body(let chunk)):
            forward(.body(chunk), context: context)
        case (.forwarding(false, let responseDone), .end):
            state = responseDone ? .idle : .forwarding(requestDone: true, responseDone: false)
            forward(.end(nil), context: context)
        case (.idle, .body), (.idle, .end), (.reading, .head), (.forwarding, .head):
            preconditionFailure("HTTPRequestFramer yields a head, then body parts, then an end")
        case (.answering, _), (.forwarding(true, _), _), (.closing, _):
            preconditionFailure("no part is taken while an answer is pending")
        }
    }

    /// The store's notice for the request being answered: its answer once its events are in the
    /// log, or a 503 when they could not be written.
    func eventsAreDurable(_ result: Result<Void, any Error>) {
        guard let context, case .answering(let answer, let version, let keepAlive) = state else { return }
        switch result {
        case .success: respond(answer, version: version, keepAlive: keepAlive, context: context)
        case .failure(let error): respond(IngestPipeline.storeFailed(error), version: version, keepAlive: keepAlive, context: context)
        }
    }

    /// Bytes that cannot be framed: the request is answered with the reason (kept as a bad
    /// capture when it was for a capture route) and the connection closed, since nothing after
    /// it can be read reliably.
    private func fail(_ error: HTTPFramingError, context: ChannelHandlerContext) {
        let previous = state
        state = .closing
        unread.clear()
        switch previous {
        case .forwarding:
            // Hummingbird has part of the request: it cannot be answered cleanly any more.
            context.close(promise: nil)
        case .reading(let head, _, _, let version, _):
            respond(pipeline.refuseFraming(error, head), version: version, keepAlive: false, context: context)
        case .idle:
            respond(IngestPipeline.framingRefusal(error), version: .http1_1, keepAlive: false, context: context)
        case .answering, .closing:
            context.close(promise: nil)
        }
    }

    /// Writes a capture answer past NIO's encoder, then takes the requests that waited for it.
    private func respond(_ answer: IngestAnswer, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext) {
        let close = !keepAlive || closeWhenAnswered
        let bytes = NIOAny(responses.bytes(for: answer, version: version, close: close))
        guard !close else {
            // Closed once written: a close fails the writes still pending.
            let written = context.eventLoop.makePromise(of: Void.self)
            encoderContext?.writeAndFlush(bytes, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            state = .closing
            return
        }
        encoderContext?.writeAndFlush(bytes, promise: nil)
        state = .idle
        resume(context: context)
    }

    /// Hands a part of a request that is not a capture's to Hummingbird, which is further in.
    private func forward(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        forwardedSinceReadComplete = true
        context.fireChannelRead(Self.wrapInboundOut(part))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Hummingbird's channel delivers what it was sent at the end of a read; a read that
        // held only capture requests sent it nothing.
        flushForwarded(context: context)
    }

    private func flushForwarded(context: ChannelHandlerContext) {
        guard forwardedSinceReadComplete else { return }
        forwardedSinceReadComplete = false
        context.fireChannelReadComplete()
    }

    /// Takes the requests that waited for the last answer, then lets reading go on.
    private func resume(context: ChannelHandlerContext) {
        frame(context: context)
        // Parts taken here come after the read's own read-complete, so they get one of their own.
        flushForwarded(context: context)
        if readHeld && unread.readableBytes == 0 {
            readHeld = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // Pipelined requests waiting in `unread` pause reading, so they cannot pile up. Reading
        // is not paused merely while an answer is pending: that would cost two `epoll_ctl`
        // calls per request, and a client that does not pipeline sends nothing meanwhile.
        guard unread.readableBytes == 0 else {
            readHeld = true
            return
        }
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
            case .idle, .forwarding, .closing:
                break
            }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
