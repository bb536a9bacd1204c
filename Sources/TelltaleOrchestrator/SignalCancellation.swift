import Dispatch
import Foundation

/// Runs work that is cancelled when Telltale gets SIGINT or SIGTERM.
///
/// Test processes live in their own process groups, so a terminal's Ctrl-C does
/// not reach them; cancelling the work makes every child process's teardown
/// (SIGTERM to its group, then SIGKILL) run before Telltale exits.
public enum SignalCancellation {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await work() }
        let sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
        }
        return try await task.value
    }
}
