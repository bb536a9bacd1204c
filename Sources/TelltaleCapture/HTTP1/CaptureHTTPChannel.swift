import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with `IngestChannelHandler` reading the requests: it frames
/// the bytes itself (`HTTPRequestFramer`, in place of NIO's `HTTPDecoder`) and answers capture
/// routes at once; the control API goes on to Hummingbird as NIO's HTTP parts, converted to
/// HTTPTypes and answered through NIO's `HTTPResponseEncoder` as in `HTTP1Channel`.
struct CaptureHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let pipeline: IngestPipeline

    static func builder(_ pipeline: IngestPipeline) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in CaptureHTTPChannel(responder: responder, pipeline: pipeline) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // The order matters: inbound bytes reach `IngestChannelHandler` first, and what it hands
            // on is converted for Hummingbird by the handlers after it.
            let handlers = channel.pipeline.syncOperations
            // Outbound only: Hummingbird's answers; inbound bytes pass it by.
            try handlers.addHandler(HTTPResponseEncoder(configuration: .init()))
            try handlers.addHandler(IngestChannelHandler(pipeline: pipeline))
            try handlers.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try handlers.addHandler(HTTPConnectionStateHandler(logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
