import Foundation
import Logging
import ServiceLifecycle
import TelltaleVerify

/// `telltale capture` as a library call: runs the server under a `ServiceGroup` that stops
/// gracefully on SIGINT and SIGTERM, and calls `announce` once it listens.
package enum CaptureRunner {
    /// Returns the server's store once it has stopped, for what it holds (`--fail-on-violation`).
    @discardableResult
    package static func run(
        configuration: CaptureConfiguration,
        observer: EventStore.Observer?,
        trackingPlan: TrackingPlanCheck? = nil,
        onNote: EventStore.NoteSink? = nil,
        announce: @escaping @Sendable (CaptureAddress) -> Void
    ) async throws -> EventStore {
        let server = try CaptureServer(configuration: configuration, observer: observer, trackingPlan: trackingPlan, onNote: onNote)
        // Warnings and worse only: the group's routine lines (a service starting, stopping) are
        // not for the person watching events.
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
        return server.store
    }
}
