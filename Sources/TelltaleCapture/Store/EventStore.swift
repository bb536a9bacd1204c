import Foundation
import NIOCore
import NIOPosix
import Synchronization
import TelltaleModel
import TelltaleVerify

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
package final class EventStore: Sendable {
    package static let badCaptureLimit = 10_000

    /// Called with every accepted batch, after it is durable (the console's live lines), outside
    /// the lock; with a tracking plan, each event's violations too (empty: it keeps the plan).
    package typealias Observer = @Sendable ([Event], [[CatalogViolation]]?) -> Void

    /// Told once, when events first leave memory for `maxEvents`.
    package typealias NoteSink = @Sendable (String) -> Void

    private let log: EventLog?
    private let observer: Observer?
    private let index = Mutex(EventIndex())
    private let testLifecycle = Mutex<(any CaptureTestLifecycle)?>(nil)
    /// The inspector's live streams read this.
    let feed = EventFeed()
    /// Names this server process to the inspector, which starts afresh when it changes.
    let serverID = UUID().uuidString.lowercased()
    package let maxEvents: Int?
    package let hasTrackingPlan: Bool
    /// The tracking plan events are checked against, if any.
    package let trackingPlan: TrackingPlanCheck?
    private let onNote: NoteSink?

    /// - Parameters:
    ///   - logPath: the JSONL file events are appended to before they are acknowledged; nil
    ///     keeps them in memory only.
    ///   - synchronous: `fdatasync` each group before acknowledging it (survives power loss);
    ///     otherwise an event is acknowledged once written to the log (survives `kill -9`).
    ///   - maxEvents: keep only the newest this many in memory (queries and waits); the log keeps all.
    ///   - trackingPlan: check each event against it as it arrives.
    package init(
        logPath: String?, synchronous: Bool = false, observer: Observer? = nil, maxEvents: Int? = nil,
        trackingPlan: TrackingPlanCheck? = nil, onNote: NoteSink? = nil
    ) throws {
        log = try logPath.map { try EventLog(path: $0, synchronous: synchronous) }
        self.observer = observer
        self.maxEvents = maxEvents
        hasTrackingPlan = trackingPlan != nil
        self.trackingPlan = trackingPlan
        self.onNote = onNote
        index.withLock { index in
            index.maxEvents = maxEvents
            index.check = trackingPlan
        }
    }

    package var logPath: String? { log?.path }

    // MARK: Ingest

    /// Stores a request's events: indexed (and waiters woken) at once, `notice` delivered once
    /// they are on disk. Returns the stored events.
    @discardableResult
    func accept(_ incoming: [IncomingEvent], source: Event.Source, session: String, notifying notice: DurabilityNotice) -> [Event] {
        let now = Date()
        let feed = feed
        let observing = observer != nil
        let (stamped, wakes, firstDrop, checks) = index.withLock { index in
            let droppedBefore = index.droppedBefore
            let (stamped, wakes) = index.accept(incoming, source: source, session: session, at: now)
            let checks = observing && index.check != nil ? stamped.map { index.violations[$0.id] ?? [] } : nil
            // Published under the lock, so a stream that starts sees each event once: in its
            // replay or from the feed. Nothing is encoded while no page listens.
            if feed.hasSubscribers {
                var frames = stamped.map { InspectorFrames.capture($0, violations: index.check == nil ? nil : index.violations[$0.id] ?? []) }
                if let before = index.droppedBefore, before != droppedBefore { frames.append(InspectorFrames.dropped(before: before)) }
                feed.publish(frames)
            }
            return (stamped, wakes, droppedBefore == nil && index.droppedBefore != nil, checks)
        }
        for wake in wakes { wake.continuation.resume(returning: wake.outcome) }
        if firstDrop, let onNote, let maxEvents {
            onNote(
                "more than \(maxEvents) events: the oldest now leave memory (queries, waits and the inspector keep the newest \(maxEvents); --max-events changes it); every event stays in \(log?.path ?? "the log")"
            )
        }
        var notice = notice
        if let observer {
            // The console's live line comes once the events are durable, as the sender's answer does.
            let durable = notice.eventLoop.makePromise(of: Void.self)
            durable.futureResult.whenComplete { [notice] result in
                if case .success = result { observer(stamped, checks) }
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
    func accept(_ incoming: [IncomingEvent], source: Event.Source, session: String) async throws -> [Event] {
        let durable = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Void.self)
        let stamped = accept(incoming, source: source, session: session, notifying: .promise(durable))
        try await durable.futureResult.get()
        return stamped
    }

    /// Keeps a refused request; the store gives it its id.
    func recordBad(_ capture: BadCapture) {
        let feed = feed
        index.withLock { index in
            index.recordBad(capture, limit: Self.badCaptureLimit)
            if feed.hasSubscribers, let stored = index.badCaptures.last { feed.publish([InspectorFrames.bad(stored)]) }
        }
    }

    // MARK: Queries

    /// Events matching the filter, in arrival order.
    package func query(_ filter: EventFilter) -> [Event] {
        index.withLock { $0.query(filter) }
    }

    package func bad(session: String? = nil) -> [BadCapture] {
        index.withLock { index in index.badCaptures.filter { session == nil || $0.session == session } }
    }

    package var count: Int { index.withLock { $0.events.count } }
    package var badCount: Int { index.withLock { $0.badCaptures.count } }

    /// Forgets events and bad captures of one session, or all; returns how many events went.
    /// The log on disk keeps them: it is the run's record.
    @discardableResult
    package func reset(session: String? = nil) -> Int {
        let feed = feed
        return index.withLock { index in
            let removed = index.reset(session: session)
            if feed.hasSubscribers { feed.publish([InspectorFrames.reset(removed: removed, session: session)]) }
            return removed
        }
    }

    /// The stored event with this id and, with a tracking plan, its violations (empty: it keeps the plan).
    package func event(id: String) -> (event: Event, violations: [CatalogViolation]?)? {
        index.withLock { index in
            index.event(id: id).map { ($0, index.check == nil ? nil : index.violations[$0.id] ?? []) }
        }
    }

    /// Each event with its violations (nil without a tracking plan).
    func checked(_ events: [Event]) -> [(event: Event, violations: [CatalogViolation]?)] {
        index.withLock { index in
            events.map { ($0, index.check == nil ? nil : index.violations[$0.id] ?? []) }
        }
    }

    /// Events that broke the tracking plan since the server started (resets and drops included).
    package var violatingEventCount: Int { index.withLock { $0.violatingEvents } }

    /// A new inspector stream: its first frames (hello, then every event after `lastEventID`, or
    /// all, and the bad captures after it) and where it goes on reading the feed.
    func openStream(after lastEventID: String?) -> (frames: [ByteBuffer], cursor: Int) {
        let feed = feed
        let (hello, events, bad, violations, cursor) = index.withLock { index in
            let events = index.events(after: lastEventID)
            let after = lastEventID.flatMap { Int($0) } ?? 0
            let bad = index.badCaptures.filter { (Int($0.id.dropFirst(4)) ?? 0) > after }
            let hello = InspectorFrames.hello(
                server: serverID, events: index.events.count, bad: index.badCaptures.count, catalog: index.check != nil,
                maxEvents: index.maxEvents)
            let violations = index.check == nil ? nil : index.violations
            return (hello, events, bad, violations, feed.subscribe())
        }
        var frames = [hello]
        frames += bad.map(InspectorFrames.bad)
        frames += events.map { event in InspectorFrames.capture(event, violations: violations.map { $0[event.id] ?? [] }) }
        return (frames, cursor)
    }

    // MARK: Tests

    /// Attributes the session's next events to `test` until `endTest`.
    package func beginTest(_ test: TestID, session: String) {
        index.withLock { $0.beginTest(test, session: session) }
    }

    /// Ends the session's running test (only if it is `test`, when given); returns the one ended.
    @discardableResult
    package func endTest(_ test: TestID? = nil, session: String) -> TestID? {
        index.withLock { $0.endTest(test, session: session) }
    }

    package func runningTest(session: String) -> TestID? {
        index.withLock { $0.runningTest(session: session) }
    }

    /// Who else acts on the control API's `tests/begin` and `tests/end` (`telltale run`'s
    /// automatic lifecycle); nil leaves them as attribution markers only.
    package func setTestLifecycle(_ lifecycle: (any CaptureTestLifecycle)?) {
        testLifecycle.withLock { $0 = lifecycle }
    }

    var currentTestLifecycle: (any CaptureTestLifecycle)? {
        testLifecycle.withLock { $0 }
    }

    // MARK: Waiting

    /// Waits until at least `count` events match, or the timeout passes; then answers with the
    /// matches and, on a timeout, the nearest misses. Woken by `accept`, never by polling.
    package func wait(for filter: EventFilter, count: Int = 1, timeout: Duration) async -> WaitOutcome {
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
    package func close() async {
        feed.close()
        for wake in index.withLock({ $0.expireAll() }) { wake.continuation.resume(returning: wake.outcome) }
        await log?.close()
    }
}
