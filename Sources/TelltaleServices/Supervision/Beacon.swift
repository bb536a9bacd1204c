import Synchronization

/// A counter that tasks can wait on: `wait(after:)` returns once the count has
/// passed what the caller last saw, or when the caller is cancelled.
///
/// Unlike an AsyncStream, it survives its waiters being cancelled (a cancelled
/// stream iterator finishes the stream), which readiness probes do on every try.
final class Beacon: Sendable {
    private struct State {
        var count = 0
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Signals so far: a waiter reads it, then waits for it to grow past what it read.
    var count: Int { state.withLock { $0.count } }

    /// Counts one more and wakes every waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `count` is past `seen`, or at once when the task is cancelled.
    func wait(after seen: Int) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked under the lock: a cancellation that ran before this registration is seen here.
                let resumeNow = state.withLock { state in
                    if state.count > seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            // Nothing to remove when cancelled before registering: the check under the lock above resumes it.
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
