import Foundation
import ServiceLifecycle
import TelltaleCapture
import TelltaleModel

/// The run's capture server: started before the services and the tests (which get its
/// URLs), stopped after them. Its durable log is `logs/capture.jsonl`; the events end up
/// in the run record and `events.jsonl`.
struct RunCapture: Sendable {
    let server: CaptureServer

    init(logPath: String, synchronous: Bool = false) throws {
        server = try CaptureServer(
            configuration: CaptureConfiguration(host: "127.0.0.1", port: 0, logPath: logPath, synchronous: synchronous))
    }

    var store: EventStore { server.store }

    /// Runs `body` while the server listens, then stops it; `body` gets its address.
    func run<T: Sendable>(_ body: @Sendable (CaptureAddress) async throws -> T) async throws -> T {
        let server = self.server
        let (result, groupError) = await ServiceGroup.quiet([server], label: "telltale.capture").running {
            try await body(try await server.listening())
        }
        let value = try result.get()
        // A server cancelled with the run (a second signal) does not undo what `body` returned.
        if let groupError, !(groupError is CancellationError) { throw groupError }
        return value
    }

    /// `TELLTALE_CAPTURE_URL` and `TELLTALE_CONTROL_URL` for a server at `address`.
    static func environment(_ address: CaptureAddress) -> [String: String] {
        [
            TelltaleEnvironment.captureURL: address.description,
            TelltaleEnvironment.controlURL: address.description + "/_telltale",
        ]
    }
}
