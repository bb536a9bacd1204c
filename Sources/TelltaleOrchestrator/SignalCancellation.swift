import Dispatch
import Foundation
import Synchronization

/// Runs work that stops when Telltale gets SIGINT or SIGTERM.
///
/// Test processes live in their own process groups, so a terminal's Ctrl-C does not reach
/// them. With a `RunStop`, the first signal asks for an orderly stop (the tests' processes
/// end, the capture server and services shut down as usual, the reports are written) and a
/// second one cancels the work outright; without one, the first signal cancels it. A signal
/// within a quarter of a second of the first is the same request delivered twice (GNU
/// `timeout` and some CI runners signal the process and then its whole group), not a second
/// Ctrl-C. Either
/// way every child process's teardown (SIGTERM to its group, then SIGKILL) runs before
/// Telltale exits.
package enum SignalCancellation {
    package static func run<T: Sendable>(
        stoppingFirst stop: RunStop? = nil, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let task = Task { try await work() }
        let signals = SignalCount()
        let sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                switch (stop, signals.arrived()) {
                case (let stop?, .first): Task { await stop.request(.signal) }
                case (.some, .repeated): break
                case (.none, _), (.some, .again): task.cancel()
                }
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
        }
        return try await task.value
    }
}

/// When the first signal arrived, from the dispatch queue the handlers run on.
private final class SignalCount: Sendable {
    enum Arrival { case first, repeated, again }
    /// Signals this soon after the first are the same request.
    static let repeatWindow = Duration.milliseconds(250)
    private let first = Mutex<ContinuousClock.Instant?>(nil)

    func arrived() -> Arrival {
        let now = ContinuousClock.now
        return first.withLock { first in
            guard let earlier = first else {
                first = now
                return .first
            }
            return now - earlier < Self.repeatWindow ? .repeated : .again
        }
    }
}
