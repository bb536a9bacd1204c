import NIOCore
import Synchronization

/// Without `--sync`: the lines one event loop appended since its last write, and who waits for
/// them. Each loop writes its own lines in a turn of its own, so no loop waits for another's
/// write or has to be woken to answer its requests.
///
/// Its writes run on its loop, and appends nearly always come from there too (an `accept`
/// from Swift concurrency appends from another thread, for the loop its promise is on);
/// `EventLog.close()` takes the lock once. So the lock is all but uncontended.
final class LoopPendingLines: Sendable {
    let loop: any EventLoop
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var bytes: [UInt8] = []
        var waiting: [DurabilityNotice] = []
        /// The notices of the write before last, kept for their storage: the last write's are
        /// still being delivered, and growing an array anew each turn costs.
        var spareWaiting: [DurabilityNotice] = []
        /// The loop has been asked for a turn to write `bytes`.
        var writeScheduled = false
        var closed = false
    }

    /// What an append asks of its caller.
    enum Lead { case closed, scheduleWrite, joined }

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Adds lines (`write` encodes them straight into the pending bytes) and their notice.
    func append(notifying notice: DurabilityNotice, _ write: (inout [UInt8]) -> Void) -> Lead {
        state.withLock { state in
            guard !state.closed else { return .closed }
            write(&state.bytes)
            state.waiting.append(notice)
            if state.writeScheduled { return .joined }
            state.writeScheduled = true
            return .scheduleWrite
        }
    }

    /// Hands everything pending to `write` (one call), under the lock so a close cannot come
    /// between; returns the notices to deliver with its result. `closing` refuses later appends.
    func take(
        closing: Bool = false, _ write: ([UInt8]) -> Result<Void, any Error>
    ) -> (
        Result<Void, any Error>, [DurabilityNotice]
    ) {
        state.withLock { state in
            state.writeScheduled = false
            if closing { state.closed = true }
            guard !state.waiting.isEmpty else { return (.success(()), []) }
            let result = write(state.bytes)
            state.bytes.removeAll(keepingCapacity: true)
            let waiting = state.waiting
            swap(&state.waiting, &state.spareWaiting)
            state.waiting.removeAll(keepingCapacity: true)
            return (result, waiting)
        }
    }
}
