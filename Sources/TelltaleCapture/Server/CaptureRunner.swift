import Foundation
import Logging
import ServiceLifecycle

/// `telltale capture` as a library call: runs the server under a `ServiceGroup` that stops
/// gracefully on SIGINT and SIGTERM, and calls `announce` once it listens.
public enum CaptureRunner {
    public static func run(
        configuration: CaptureConfiguration,
        observer: EventStore.Observer?,
        announce: @escaping @Sendable (CaptureAddress) -> Void
    ) async throws {
        let server = try CaptureServer(configuration: configuration, observer: observer)
        var logger = Logger(label: "telltale.capture")
        logger.logLevel = .warning
        let group = ServiceGroup(
            configuration: .init(
                services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
            ))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask {
                // Fails only if the server does not start; group.run() then throws too.
                if let address = try? await server.listening() { announce(address) }
            }
            try await tasks.waitForAll()
        }
    }
}
