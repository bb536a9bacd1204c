import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TelltaleModel
import TelltaleVerify

/// The capture server as a `Service`: run it in a `ServiceGroup`; `listening()` says where it is.
///
/// It stops on the group's graceful shutdown (SIGINT/SIGTERM under `telltale capture`), after
/// which the event log is synced and closed.
package struct CaptureServer: Service {
    package let configuration: CaptureConfiguration
    /// The events, made (and the log opened) when the server is, so a bad log path fails `init`.
    package let store: EventStore
    private let signal = ListeningSignal()
    private let logger: Logger

    package init(
        configuration: CaptureConfiguration, observer: EventStore.Observer? = nil, trackingPlan: TrackingPlanCheck? = nil,
        onNote: EventStore.NoteSink? = nil
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        store = try EventStore(
            logPath: configuration.logPath, synchronous: configuration.synchronous, observer: observer,
            maxEvents: configuration.maxEvents, trackingPlan: trackingPlan, onNote: onNote)
        var logger = Logger(label: "telltale.capture")
        logger.logLevel = .warning
        self.logger = logger
    }

    /// Waits until the server accepts connections and returns its real address (the real port
    /// when 0 was asked for); throws if it could not start.
    package func listening() async throws -> CaptureAddress {
        try await signal.wait()
    }

    /// Serves until the group's graceful shutdown, then closes the store; a server that fails to
    /// start resolves `listening()` with the failure before throwing it.
    package func run() async throws {
        let signal = signal
        // `[::1]` as a URL writes it; the bind wants the bare address.
        let host = configuration.host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        // Capture routes are answered by `IngestChannelHandler` on the event loops; the rest goes
        // on to the responder.
        let pipeline = IngestPipeline(store: store, maxBodySize: configuration.maxBodySize)
        let application = Application(
            responder: CaptureResponder(
                store: store, maxBodySize: configuration.maxBodySize, access: configuration.accessToken.map(CaptureAccess.init)),
            server: CaptureHTTPChannel.builder(pipeline),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                await signal.resolve(.success(CaptureAddress(host: host, port: port)))
            },
            logger: logger
        )
        do {
            // The inspector's streams never end by themselves: close them as shutdown begins,
            // or the server would wait for every open page.
            let store = store
            try await withGracefulShutdownHandler {
                try await application.run()
            } onGracefulShutdown: {
                store.feed.close()
            }
        } catch {
            let failure = CaptureError.server(host: host, port: configuration.port, reason: "\(error)")
            await signal.resolve(.failure(failure))
            await store.close()
            throw failure
        }
        // A no-op when the server did listen; else it was shut down before it could, and a waiter must not hang.
        await signal.resolve(.failure(CaptureError.server(host: host, port: configuration.port, reason: "stopped before it started")))
        await store.close()
    }
}
