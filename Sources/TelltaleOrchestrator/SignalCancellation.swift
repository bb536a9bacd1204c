import Dispatch
import Foundation
import Synchronization

/// Runs work that stops when Telltale gets SIGINT or SIGTERM.
///
/// Test processes live in their own process groups, so a terminal's Ctrl-C does not reach
/// them. With a `RunStop`, the first signal asks for an orderly stop (the tests' processes
/// end, the capture server and services shut down as usual, the reports are written) and a
/// second one cancels the work outright; without one, the first signal cancels it. Either
/// way every child process's teardown (SIGTERM to its group, then SIGKILL) runs before
/// Telltale exits.
public enum SignalCancellation {
    public static func run<T: Sendable>(
        stoppingFirst stop: RunStop? = nil, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let task = Task { try await work() }
        let signals = SignalCount()
        let sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if let stop, signals.increment() == 1 {
                    Task { await stop.request(.signal) }
                } else {
                    task.cancel()
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

/// How many signals have arrived, from the dispatch queue the handlers run on.
private final class SignalCount: Sendable {
    private let count = Mutex(0)

    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}
