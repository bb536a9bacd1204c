import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with `IngestChannelHandler` in front: the same pipeline as
/// `HTTP1Channel` builds, but the capture handler sits before the conversion to HTTPTypes,
/// so the capture routes skip converting every request and answer (the control API still gets
/// them through Hummingbird as usual).
struct CaptureHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let pipeline: IngestPipeline

    static func builder(_ pipeline: IngestPipeline) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in CaptureHTTPChannel(responder: responder, pipeline: pipeline) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let handlers = channel.pipeline.syncOperations
            // As `HTTP1Channel`: errors are answered by `handleHTTP`, headers are validated by HTTPTypes.
            try handlers.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init()
            )
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
