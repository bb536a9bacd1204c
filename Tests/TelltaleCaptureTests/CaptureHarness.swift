import Foundation
import Logging
import ServiceLifecycle
import TelltaleCapture
import TelltaleModel
import TelltaleTestSupport
import TelltaleVerify
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real capture server on 127.0.0.1, port 0, for the length of one test.
struct CaptureHarness: Sendable {
    let base: URL
    let store: EventStore
    let logPath: String

    struct Reply: Sendable {
        var status: Int
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: body) }
    }

    /// Starts a server, waits for its own "listening" signal (no sleeps), runs `body`, stops it.
    /// A `host` other than loopback is allowed (with `accessToken`); `base` then uses that host,
    /// or 127.0.0.1 for 0.0.0.0.
    static func with<T: Sendable>(
        host: String = "127.0.0.1",
        accessToken: String? = nil,
        maxBodySize: Int = CaptureConfiguration.defaultMaxBodySize,
        maxEvents: Int? = nil,
        trackingPlan: TrackingPlanCheck? = nil,
        _ body: @Sendable (CaptureHarness) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-capture-tests-\(UUID().uuidString)")
        let logPath = directory.appendingPathComponent("events.jsonl").path
        let configuration = CaptureConfiguration(
            host: host, port: 0, maxBodySize: maxBodySize, logPath: logPath, allowRemote: !CaptureConfiguration.isLoopback(host),
            maxEvents: maxEvents, accessToken: accessToken)
        let server = try CaptureServer(configuration: configuration, trackingPlan: trackingPlan)
        let services = ServiceGroup(configuration: .init(services: [server], logger: Logger(label: "test")))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask(executorPreference: ServerExecutor.shared) {
                try await services.run()
                return nil
            }
            defer { try? FileManager.default.removeItem(at: directory) }
            var address = try await server.listening()
            if address.host == "0.0.0.0" { address.host = "127.0.0.1" }
            let harness = CaptureHarness(base: address.url, store: server.store, logPath: logPath)
            do {
                let result = try await body(harness)
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return result
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }

    func send(
        _ method: String = "POST", _ path: String, body: Data = Data(), contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        if method != "GET" { request.httpBody = body }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (key, value) in headers { request.setValue(value, forHTTPHeaderField: key) }
        request.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: request)
        return Reply(status: (response as! HTTPURLResponse).statusCode, body: data)
    }

    func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> Reply {
        try await send("POST", path, body: Data(json.utf8), headers: headers)
    }

    func events(session: String? = nil) async -> [Event] {
        store.query(EventFilter(session: session))
    }
}
