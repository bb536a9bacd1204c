import Foundation
import NIOCore
import NIOPosix
import Synchronization
import TelltaleModel

/// Every captured event: durably logged, indexed in memory, and waited for.
///
/// `accept` stamps events (id, session, the session's running test), indexes them and wakes
/// waiters at once, then hands their lines to the log; the sender's answer (and the console
/// observer) waits for the log, so every acknowledged event is durable before its 2xx. A wait
/// can thus see an event a moment before it is on disk: waking waiters does not wait for an
/// `fdatasync`.
///
/// A lock rather than an actor: events arrive on NIO's event loops, and a hop onto an actor
/// (and back) per request cost more than the short critical sections it protected.
public final class EventStore: Sendable {
    public static let badCaptureLimit = 10_000

    /// Called with every accepted batch, after it is durable (the console's live lines), outside the lock.
    public typealias Observer = @Sendable ([Event]) -> Void

    private let log: EventLog?
    private let observer: Observer?
    private let index = Mutex(EventIndex())
    private let testLifecycle = Mutex<(any CaptureTestLifecycle)?>(nil)

    /// - Parameter logPath: the JSONL file events are appended to before they are acknowledged;
    ///   nil keeps them in memory only.
    public init(logPath: String?, synchronous: Bool = true, observer: Observer? = nil) throws {
        log = try logPath.map { try EventLog(path: $0, synchronous: synchronous) }
        self.observer = observer
    }

    public var logPath: String? { log?.path }

    // MARK: Ingest

    /// Stores a request's events: indexed (and waiters woken) at once, `notice` delivered once
    /// they are on disk. Returns the stored events.
    @discardableResult
    func accept(_ incoming: [IncomingEvent], session: String, notifying notice: DurabilityNotice) -> [Event] {
        let now = Date()
        let (stamped, wakes) = index.withLock { $0.accept(incoming, session: session, at: now) }
        for wake in wakes { wake.continuation.resume(returning: wake.outcome) }
        var notice = notice
        if let observer {
            // The console's live line comes once the events are durable, as the sender's answer does.
            let durable = notice.eventLoop.makePromise(of: Void.self)
            durable.futureResult.whenComplete { [notice] result in
                if case .success = result { observer(stamped) }
                notice.deliver(result)
            }
            notice = .promise(durable)
        }
        guard let log else {
            notice.deliver(.success(()))
            return stamped
        }
        // Encoded straight into the log's next group: a few microseconds under its lock cost
        // less than a buffer per request and a copy.
        log.append(notifying: notice) { EventCoding.appendLines(stamped, to: &$0) }
        return stamped
    }

    /// A capture connection opened (+1) or closed (-1): the log sizes its groups by how many
    /// senders could join one.
    func sendersChanged(by change: Int) {
        log?.senders.add(change, ordering: .relaxed)
    }

    /// Stores a request's events; returns once they are durable.
    func accept(_ incoming: [IncomingEvent], session: String) async throws -> [Event] {
        let durable = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Void.self)
        let stamped = accept(incoming, session: session, notifying: .promise(durable))
        try await durable.futureResult.get()
        return stamped
    }

    /// Keeps a refused request; the store gives it its id.
    func recordBad(_ capture: BadCapture) {
        index.withLock { $0.recordBad(capture, limit: Self.badCaptureLimit) }
    }

    // MARK: Queries

    /// Events matching the filter, in arrival order.
    public func query(_ filter: EventFilter) -> [Event] {
        index.withLock { $0.query(filter) }
    }

    public func bad(session: String? = nil) -> [BadCapture] {
        index.withLock { index in index.badCaptures.filter { session == nil || $0.session == session } }
    }

    public var count: Int { index.withLock { $0.events.count } }
    public var badCount: Int { index.withLock { $0.badCaptures.count } }

    /// Forgets events and bad captures of one session, or all; returns how many events went.
    /// The log on disk keeps them: it is the run's record.
    @discardableResult
    public func reset(session: String? = nil) -> Int {
        index.withLock { $0.reset(session: session) }
    }

    // MARK: Tests

    /// Attributes the session's next events to `test` until `endTest`.
    public func beginTest(_ test: TestID, session: String) {
        index.withLock { $0.beginTest(test, session: session) }
    }

    /// Ends the session's running test (only if it is `test`, when given); returns the one ended.
    @discardableResult
    public func endTest(_ test: TestID? = nil, session: String) -> TestID? {
        index.withLock { $0.endTest(test, session: session) }
    }

    public func runningTest(session: String) -> TestID? {
        index.withLock { $0.runningTest(session: session) }
    }

    /// Who else acts on the control API's `tests/begin` and `tests/end` (`telltale run`'s
    /// automatic lifecycle); nil leaves them as attribution markers only.
    public func setTestLifecycle(_ lifecycle: (any CaptureTestLifecycle)?) {
        testLifecycle.withLock { $0 = lifecycle }
    }

    var currentTestLifecycle: (any CaptureTestLifecycle)? {
        testLifecycle.withLock { $0 }
    }

    // MARK: Waiting

    /// Waits until at least `count` events match, or the timeout passes; then answers with the
    /// matches and, on a timeout, the nearest misses. Woken by `accept`, never by polling.
    public func wait(for filter: EventFilter, count: Int = 1, timeout: Duration) async -> WaitOutcome {
        let deadline = ContinuousClock.now + timeout
        let id = index.withLock { $0.makeWaiterID() }
        return await withTaskGroup(of: WaitOutcome?.self) { group in
            group.addTask { await self.register(id, filter: filter, count: count, deadline: deadline) }
            group.addTask {
                // Also ends a wait whose client went away: cancelling the group ends the sleep.
                try? await Task.sleep(until: deadline, clock: .continuous)
                self.expire(id)
                return nil
            }
            var outcome: WaitOutcome?
            while outcome == nil, let next = await group.next() {
                if let next {
                    outcome = next
                    group.cancelAll()
                }
            }
            return outcome!
        }
    }

    private func register(_ id: UInt64, filter: EventFilter, count: Int, deadline: ContinuousClock.Instant) async -> WaitOutcome {
        await withCheckedContinuation { continuation in
            let waiter = EventIndex.Waiter(filter: filter, count: count, seen: 0, continuation: continuation)
            // The deadline and cancellation are checked under the lock, and `expire` takes it after
            // either: a wait is either answered here or registered before `expire` looks for it.
            let answer = index.withLock { $0.register(id, waiter, isOver: ContinuousClock.now >= deadline || Task.isCancelled) }
            if let answer {
                continuation.resume(returning: answer)
            }
        }
    }

    private func expire(_ id: UInt64) {
        if let wake = index.withLock({ $0.expire(id) }) { wake.continuation.resume(returning: wake.outcome) }
    }

    // MARK: Lifecycle

    /// Syncs and closes the log; ends every wait.
    public func close() async {
        for wake in index.withLock({ $0.expireAll() }) { wake.continuation.resume(returning: wake.outcome) }
        await log?.close()
    }
}
