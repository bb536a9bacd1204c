import Foundation
import TelltaleModel

/// Every captured event: durably logged, indexed in memory, and waited for.
///
/// `accept` stamps events (id, session, the session's running test), indexes them and wakes
/// waiters at once, then writes them to the log; the sender's answer (and the console observer)
/// waits for the log, so every acknowledged event is durable before its 2xx. A wait can thus see
/// an event a moment before it is on disk: waking waiters does not wait for an `fdatasync`.
public actor EventStore {
    public static let badCaptureLimit = 10_000

    /// Called with every accepted batch, after it is durable (the console's live lines), off the actor.
    public typealias Observer = @Sendable ([Event]) -> Void

    private let log: EventLog?
    private let observer: Observer?
    private var events: [Event] = []
    private var bySession: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    private var byTest: [TestID: [Int]] = [:]
    private var badCaptures: [BadCapture] = []
    private var runningTests: [String: TestID] = [:]
    private var waiters: [UUID: Waiter] = [:]
    private var nextNumber = 0

    private struct Waiter {
        var filter: EventFilter
        var count: Int
        var seen: Int
        var continuation: CheckedContinuation<WaitOutcome, Never>
    }

    /// - Parameter logPath: the JSONL file events are appended to before they are acknowledged;
    ///   nil keeps them in memory only.
    public init(logPath: String?, synchronous: Bool = true, observer: Observer? = nil) throws {
        log = try logPath.map { try EventLog(path: $0, synchronous: synchronous) }
        self.observer = observer
    }

    public var logPath: String? { log?.path }

    // MARK: Ingest

    /// Stores a request's events; returns once they are durable.
    nonisolated func accept(_ incoming: [IncomingEvent], session: String) async throws -> [Event] {
        let stamped = await stampAndIndex(incoming, session: session)
        if let log {
            // Encoded off the actor, in the request's own task, so requests encode in parallel.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(stamped.count * 256)
            EventCoding.appendLines(stamped, to: &bytes)
            try await log.append(Data(bytes))
        }
        observer?(stamped)
        return stamped
    }

    private func stampAndIndex(_ incoming: [IncomingEvent], session: String) -> [Event] {
        let stamped = stamp(incoming, session: session)
        commit(stamped)
        return stamped
    }

    private func stamp(_ incoming: [IncomingEvent], session: String) -> [Event] {
        let now = Date()
        let test = runningTests[session]
        return incoming.map { item in
            nextNumber += 1
            return Event(
                id: String(format: "%08d", nextNumber), receivedAt: now, session: session, test: test,
                source: item.source, name: item.name, params: item.params, raw: item.raw
            )
        }
    }

    private func commit(_ batch: [Event]) {
        for event in batch {
            let position = events.count
            events.append(event)
            index(event, at: position)
        }
        guard !waiters.isEmpty else { return }
        for (id, var waiter) in waiters {
            waiter.seen += batch.count(where: waiter.filter.matches)
            if waiter.seen >= waiter.count {
                waiters.removeValue(forKey: id)
                let matching = query(waiter.filter)
                waiter.continuation.resume(returning: WaitOutcome(matched: true, count: matching.count, events: matching, nearestMisses: []))
            } else {
                waiters[id] = waiter
            }
        }
    }

    private func index(_ event: Event, at position: Int) {
        bySession[event.session, default: []].append(position)
        byName[event.name, default: []].append(position)
        if let test = event.test { byTest[test, default: []].append(position) }
    }

    func recordBad(_ capture: BadCapture) {
        if badCaptures.count >= Self.badCaptureLimit { badCaptures.removeFirst(badCaptures.count - Self.badCaptureLimit + 1) }
        badCaptures.append(capture)
    }

    func nextBadID() -> String {
        nextNumber += 1
        return "bad-" + String(format: "%08d", nextNumber)
    }

    // MARK: Queries

    /// Events matching the filter, in arrival order, using the narrowest index.
    public func query(_ filter: EventFilter) -> [Event] {
        let candidates: [Int]? = [
            filter.session.flatMap { bySession[$0] ?? [] },
            filter.name.flatMap { byName[$0] ?? [] },
            filter.test.flatMap { byTest[$0] ?? [] },
        ].compactMap { $0 }.min { $0.count < $1.count }
        if let candidates { return candidates.map { events[$0] }.filter(filter.matches) }
        return events.filter(filter.matches)
    }

    public func bad(session: String? = nil) -> [BadCapture] {
        badCaptures.filter { session == nil || $0.session == session }
    }

    public var count: Int { events.count }
    public var badCount: Int { badCaptures.count }

    /// Forgets events and bad captures of one session, or all; returns how many events went.
    /// The log on disk keeps them: it is the run's record.
    @discardableResult
    public func reset(session: String? = nil) -> Int {
        let before = events.count
        if let session {
            events.removeAll { $0.session == session }
            badCaptures.removeAll { $0.session == session }
        } else {
            events.removeAll()
            badCaptures.removeAll()
        }
        bySession = [:]; byName = [:]; byTest = [:]
        for (position, event) in events.enumerated() { index(event, at: position) }
        for (id, var waiter) in waiters {
            waiter.seen = query(waiter.filter).count
            waiters[id] = waiter
        }
        return before - events.count
    }

    // MARK: Tests

    /// Attributes the session's next events to `test` until `endTest`.
    public func beginTest(_ test: TestID, session: String) { runningTests[session] = test }

    /// Ends the session's running test (only if it is `test`, when given); returns the one ended.
    @discardableResult
    public func endTest(_ test: TestID? = nil, session: String) -> TestID? {
        guard let running = runningTests[session], test == nil || running == test else { return nil }
        runningTests.removeValue(forKey: session)
        return running
    }

    public func runningTest(session: String) -> TestID? { runningTests[session] }

    // MARK: Waiting

    /// Waits until at least `count` events match, or the timeout passes; then answers with the
    /// matches and, on a timeout, the nearest misses. Woken by `accept`, never by polling.
    public func wait(for filter: EventFilter, count: Int = 1, timeout: Duration) async -> WaitOutcome {
        let deadline = ContinuousClock.now + timeout
        let id = UUID()
        return await withTaskGroup(of: WaitOutcome?.self) { group in
            group.addTask { await self.register(id, filter: filter, count: count, deadline: deadline) }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                await self.expire(id)
                return nil
            }
            var outcome: WaitOutcome?
            while outcome == nil, let next = await group.next() {
                if let next { outcome = next; group.cancelAll() }
            }
            return outcome!
        }
    }

    private func register(_ id: UUID, filter: EventFilter, count: Int, deadline: ContinuousClock.Instant) async -> WaitOutcome {
        let existing = query(filter)
        if existing.count >= count {
            return WaitOutcome(matched: true, count: existing.count, events: existing, nearestMisses: [])
        }
        if ContinuousClock.now >= deadline || Task.isCancelled { return timedOut(filter) }
        // A cancelled wait (the client went away) ends through `expire`, called by the
        // deadline task of `wait` when the group is cancelled, whichever runs first.
        return await withCheckedContinuation { continuation in
            waiters[id] = Waiter(filter: filter, count: count, seen: existing.count, continuation: continuation)
        }
    }

    /// Ends a wait that has not matched: the deadline passed or the client went away.
    private func expire(_ id: UUID) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.continuation.resume(returning: timedOut(waiter.filter))
    }

    private func timedOut(_ filter: EventFilter) -> WaitOutcome {
        let matching = query(filter)
        var scope = filter
        scope.name = nil
        scope.params = [:]
        return WaitOutcome(matched: false, count: matching.count, events: matching, nearestMisses: NearMiss.rank(query(scope), against: filter))
    }

    // MARK: Lifecycle

    /// Syncs and closes the log; ends every wait.
    public func close() async {
        for id in Array(waiters.keys) { expire(id) }
        await log?.close()
    }
}
