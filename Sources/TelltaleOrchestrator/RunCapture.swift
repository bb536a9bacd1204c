import Foundation
import Logging
import ServiceLifecycle
import TelltaleCapture
import TelltaleModel

/// The run's capture server: started before the services and the tests (which get its
/// URLs), stopped after them. Its durable log is `logs/capture.jsonl`; the events end up
/// in the run record and `events.jsonl`.
struct RunCapture: Sendable {
    let server: CaptureServer

    init(logPath: String) throws {
        server = try CaptureServer(configuration: CaptureConfiguration(host: "127.0.0.1", port: 0, logPath: logPath))
    }

    var store: EventStore { server.store }

    /// Runs `body` while the server listens, then stops it; `body` gets its address.
    func run<T: Sendable>(_ body: @Sendable (CaptureAddress) async throws -> T) async throws -> T {
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: server)],
            logger: Logger(label: "telltale.capture") { _ in SwiftLogNoOpLogHandler() }
        ))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let result = try await body(try await server.listening())
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }

    /// `TELLTALE_CAPTURE_URL` and `TELLTALE_CONTROL_URL` for a server at `address`.
    static func environment(_ address: CaptureAddress) -> [String: String] {
        [
            TelltaleEnvironment.captureURL: address.description,
            TelltaleEnvironment.controlURL: address.description + "/_telltale",
        ]
    }
}
