import NIOCore
import Synchronization

/// What the live inspector's streams read: server-sent-event frames, each encoded once and
/// shared by every connected page.
///
/// Frames are numbered; a page's stream keeps its own cursor and, when woken, takes every
/// frame after it in one read, so 100 pages cost 100 wake-ups per burst, not one per event
/// and page. The feed keeps at least the last `capacity` frames; a page that falls further behind is
/// told so (`read` returns nil) and ends its stream: the browser reconnects with the last id
/// it saw and is replayed what it missed from the store.
final class EventFeed: Sendable {
    static let capacity = 65_536

    private struct State: ~Copyable {
        var frames: [ByteBuffer] = []
        /// The number of the first frame in `frames`.
        var first = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var subscribers = 0
        var closed = false
    }

    private let state = Mutex(State())

    /// Whether any page listens: without one, nothing is encoded for the feed.
    var hasSubscribers: Bool { state.withLock { $0.subscribers > 0 } }

    /// The number the next published frame gets: where a new page's stream starts.
    func subscribe() -> Int {
        state.withLock { state in
            state.subscribers += 1
            return state.first + state.frames.count
        }
    }

    func unsubscribe() {
        state.withLock { $0.subscribers -= 1 }
    }

    /// Adds frames and wakes every waiting page.
    func publish(_ frames: [ByteBuffer]) {
        guard !frames.isEmpty else { return }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.frames += frames
            // Trimmed by half its size at a time: moving the kept frames is then amortised.
            if state.frames.count > 2 * Self.capacity {
                let excess = state.frames.count - Self.capacity
                state.frames.removeFirst(excess)
                state.first += excess
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Every frame from `cursor` on, waiting until there is one; the next cursor with them.
    /// Nil when the page fell behind what the feed keeps, or the feed closed.
    func read(from cursor: Int) async -> (frames: [ByteBuffer], next: Int)? {
        while true {
            if let result = take(from: cursor) { return result.frames.isEmpty && result.next < 0 ? nil : result }
            if Task.isCancelled { return nil }
            let id = state.withLock { state -> UInt64 in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Bool in
                        if state.closed || state.first + state.frames.count > cursor || Task.isCancelled { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                self.state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }

    /// The frames after `cursor` if there are any, `(empty, -1)` if the page fell behind or the
    /// feed closed, nil if there is nothing yet.
    private func take(from cursor: Int) -> (frames: [ByteBuffer], next: Int)? {
        state.withLock { state in
            if state.closed || cursor < state.first { return ([], -1) }
            let end = state.first + state.frames.count
            guard cursor < end else { return nil }
            return (Array(state.frames[(cursor - state.first)...]), end)
        }
    }

    /// Ends every stream (the server stops).
    func close() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
