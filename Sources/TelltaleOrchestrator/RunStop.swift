import Foundation
import TelltaleModel

/// An orderly stop of a run: `--fail-fast`'s first failure, or the first SIGINT/SIGTERM.
///
/// Only the work under `run(_:)` (the build, the listing, the tests) is cancelled; the capture
/// server and the services around it then shut down as they do after a finished run, so an
/// orderly stop logs no shutdown errors, and what finished is reported from the same ledger.
/// A second signal cancels everything (`SignalCancellation`).
package actor RunStop {
    package enum Reason: Sendable {
        /// `--fail-fast`: this test failed for good.
        case failFast(TestResult)
        /// SIGINT or SIGTERM.
        case signal
    }

    package private(set) var reason: Reason?
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    package init() {}

    /// Asks the run to stop; the first reason given is the one reported.
    package func request(_ reason: Reason) {
        guard self.reason == nil else { return }
        self.reason = reason
        for waiter in waiters.values { waiter.resume() }
        waiters = [:]
    }

    /// Runs `body`, cancelling it when a stop is requested (or was already); then throws
    /// `RunStopped` once `body` has ended.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        if let reason { throw RunStopped(reason: reason) }
        return try await withThrowingTaskGroup(of: Arm<T>.self) { group in
            group.addTask { .finished(try await body()) }
            group.addTask {
                await self.waitForRequest()
                return .stopRequested
            }
            let first: Arm<T>?
            do {
                first = try await group.next()
            } catch {
                group.cancelAll()
                if let reason { throw RunStopped(reason: reason) }
                throw error
            }
            group.cancelAll()
            if case .finished(let value) = first { return value }
            // A stop was requested: `body` is cancelled; wait until its processes are gone.
            _ = try? await group.next()
            throw RunStopped(reason: reason!)
        }
    }

    private enum Arm<T: Sendable>: Sendable {
        case finished(T)
        case stopRequested
    }

    /// Returns when a stop is requested, or when the calling task is cancelled.
    private func waitForRequest() async {
        guard reason == nil else { return }
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if reason != nil || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.release(id) }
        }
    }

    private func release(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }
}

/// Thrown out of `RunStop.run` when the run was asked to stop.
struct RunStopped: Error, LocalizedError {
    var reason: RunStop.Reason
    var errorDescription: String? { "the run was stopped (\(reason))" }
}
