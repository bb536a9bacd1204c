import AsyncHTTPClient
import Foundation
import TelltaleModel

/// Waits until a freshly started service is ready, by HTTP, TCP or a log line.
struct ReadinessProbe: Sendable {
    var check: ReadinessCheck
    var host: String
    /// Nil for `port: none`: HTTP and TCP readiness then never pass, and the check times out.
    var port: Int?
    var output: ServiceOutput
    /// `output.matches.count` before the instance started, so an earlier instance's match does not count.
    var matchesSeen: Int

    /// Thrown when the timeout passes; the supervisor turns it into `ServiceError.notReady` with the output.
    struct TimedOut: Error, LocalizedError {
        var errorDescription: String? { "not ready within the readiness check's timeout" }
    }

    func wait() async throws {
        let deadline = ContinuousClock.now + check.timeout
        switch check.probe {
        case .log:
            // Event-driven, no polling: ready the moment the line is written.
            guard try await Self.race(deadline: deadline, { await output.matches.wait(after: matchesSeen) }) else {
                throw TimedOut()
            }
        case .tcp, .http:
            var backoff = Backoff()
            while true {
                // Read before the try: a line written during it ends the next wait at once.
                let linesSeen = output.lines.count
                if try await attempt(deadline: deadline) { return }
                let now = ContinuousClock.now
                guard now < deadline else { throw TimedOut() }
                // Try again after the backoff, or as soon as the service writes a line.
                _ = try await Self.race(deadline: min(now + backoff.next(), deadline)) {
                    await output.lines.wait(after: linesSeen)
                }
            }
        }
    }

    private func attempt(deadline: ContinuousClock.Instant) async throws -> Bool {
        guard let port else { return false }
        switch check.probe {
        case .tcp:
            return FreePort.accepts(host: host, port: port)
        case .http(let path, let status):
            // A cheap TCP check first: a refused connection costs microseconds, an HTTP client error far more.
            guard FreePort.accepts(host: host, port: port) else { return false }
            var request = HTTPClientRequest(url: "http://\(host):\(port)\(path)")
            request.method = .GET
            let remaining = deadline - ContinuousClock.now
            // At most 2 s a try, so a server that accepts and then says nothing is asked again; never more
            // than 10 ms past the deadline.
            let timeout = min(max(remaining, .milliseconds(10)), .seconds(2))
            do {
                let response = try await HTTPClient.shared.execute(request, timeout: .nanoseconds(timeout.inNanoseconds))
                // Drain the body so the connection can be reused.
                _ = try await response.body.collect(upTo: 1 << 20)
                return Int(response.status.code) == status
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                return false
            }
        case .log:
            return false
        }
    }

    /// Runs `body` against a deadline: true if it finished first, false if the deadline came first.
    static func race(deadline: ContinuousClock.Instant, _ body: @escaping @Sendable () async -> Void) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                await body()
                return true
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return false
            }
            // The loser is cancelled: the sleeping timer, or the waiter on the beacon.
            defer { group.cancelAll() }
            let first = try await group.next() ?? false
            // The caller's cancellation wins over either answer.
            try Task.checkCancellation()
            return first
        }
    }
}
