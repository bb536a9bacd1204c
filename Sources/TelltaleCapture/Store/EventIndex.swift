import Foundation
import TelltaleModel
import TelltaleVerify

/// The in-memory side of the store: events in arrival order, indexed by session, name and
/// test; bad captures; each session's running test; and the waits not yet answered.
/// A plain value: `EventStore` keeps it behind its lock.
///
/// With `maxEvents`, only the newest that many stay (the log keeps them all): the indexes
/// hold positions counted from the first event ever kept (`dropped` before it), so dropping
/// moves nothing but a chunk at a time. With a tracking plan (`check`), each event is checked
/// as it is stored; the events that break it keep their violations.
struct EventIndex {
    struct Waiter {
        var filter: EventFilter
        var count: Int
        var seen: Int
        var continuation: CheckedContinuation<WaitOutcome, Never>
    }

    /// A wait to answer once the lock is released.
    typealias Wake = (continuation: CheckedContinuation<WaitOutcome, Never>, outcome: WaitOutcome)

    private(set) var events = ChunkedArray<Event>()
    /// Events dropped from the front for `maxEvents` since the last reset; index positions count them.
    private var dropped = 0
    var maxEvents: Int?
    var check: TrackingPlanCheck?
    /// The violations of stored events that broke the tracking plan, by event id.
    private(set) var violations: [String: [CatalogViolation]] = [:]
    /// Events that broke the tracking plan since the server started, resets and drops included.
    private(set) var violatingEvents = 0
    /// The id of the oldest event still in memory after a drop, when events were dropped.
    private(set) var droppedBefore: String?
    private var bySession: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    private var byTest: [TestID: [Int]] = [:]
    private(set) var badCaptures: [BadCapture] = []
    private var runningTests: [String: TestID] = [:]
    private var waiters: [UInt64: Waiter] = [:]
    private var nextNumber = 0
    private var nextWaiter: UInt64 = 0

    // MARK: Ingest

    /// Gives events their id, source, the session and its running test, and indexes them; returns the
    /// stored events and the waits they complete.
    mutating func accept(_ incoming: [IncomingEvent], source: Event.Source, session: String, at now: Date) -> (events: [Event], wakes: [Wake]) {
        let test = runningTests[session]
        var stamped: [Event] = []
        stamped.reserveCapacity(incoming.count)
        for item in incoming {
            nextNumber += 1
            let event = Event(
                id: Self.paddedNumber(nextNumber), receivedAt: now, session: session, test: item.test ?? test,
                source: source, name: item.name, params: item.params, raw: item.raw
            )
            index(event, at: dropped + events.count)
            events.append(event)
            stamped.append(event)
            if let check {
                let found = check.violations(of: event)
                if !found.isEmpty {
                    violations[event.id] = found
                    violatingEvents += 1
                }
            }
        }
        if let maxEvents, events.count > maxEvents { dropOldest(events.count - maxEvents) }
        return (stamped, wake(for: stamped))
    }

    /// Forgets the oldest events (their lines stay in the log); index entries go a chunk at a time.
    private mutating func dropOldest(_ k: Int) {
        for position in 0..<k { violations.removeValue(forKey: events[position].id) }
        let chunksBefore = (dropped >> ChunkedArray<Event>.shift)
        events.removeFirst(k)
        dropped += k
        droppedBefore = events.first?.id
        if dropped >> ChunkedArray<Event>.shift != chunksBefore {
            func prune(_ positions: inout [Int]) {
                // Positions grow: the stale ones are a prefix.
                var low = 0
                var high = positions.count
                while low < high {
                    let middle = (low + high) / 2
                    if positions[middle] < dropped { low = middle + 1 } else { high = middle }
                }
                let stale = low
                if stale > 0 { positions.removeFirst(stale) }
            }
            for key in Array(bySession.keys) {
                prune(&bySession[key]!)
                if bySession[key]!.isEmpty { bySession.removeValue(forKey: key) }
            }
            for key in Array(byName.keys) {
                prune(&byName[key]!)
                if byName[key]!.isEmpty { byName.removeValue(forKey: key) }
            }
            for key in Array(byTest.keys) {
                prune(&byTest[key]!)
                if byTest[key]!.isEmpty { byTest.removeValue(forKey: key) }
            }
        }
    }

    /// The stored event with this id, if it is still in memory (ids grow with arrival).
    func event(id: String) -> Event? {
        guard let wanted = Int(id) else { return nil }
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            let number = Int(events[middle].id) ?? 0
            if number == wanted { return events[middle] }
            if number < wanted { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The events stored after the one with id `after` (all, for nil), in arrival order.
    func events(after id: String?) -> [Event] {
        guard let id, let after = Int(id) else { return Array(events) }
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if (Int(events[middle].id) ?? 0) <= after { low = middle + 1 } else { high = middle }
        }
        return Array(events[low...])
    }

    private mutating func wake(for batch: [Event]) -> [Wake] {
        guard !waiters.isEmpty else { return [] }
        var wakes: [Wake] = []
        for (id, var waiter) in waiters {
            waiter.seen += batch.count(where: waiter.filter.matches)
            if waiter.seen >= waiter.count {
                waiters.removeValue(forKey: id)
                let matching = query(waiter.filter)
                wakes.append((waiter.continuation, WaitOutcome(matched: true, count: matching.count, events: matching, nearestMisses: [])))
            } else {
                waiters[id] = waiter
            }
        }
        return wakes
    }

    private mutating func index(_ event: Event, at position: Int) {
        bySession[event.session, default: []].append(position)
        byName[event.name, default: []].append(position)
        if let test = event.test { byTest[test, default: []].append(position) }
    }

    /// At least eight digits, as `%08d` writes them, without `String(format:)`: it is on the hot path.
    static func paddedNumber(_ number: Int) -> String {
        guard number >= 0 && number < 100_000_000 else { return String(number) }
        // Eight ASCII bytes fit a small string: no allocation.
        return String(unsafeUninitializedCapacity: 8) { digits in
            var rest = number
            for position in (0..<8).reversed() {
                digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return 8
        }
    }

    mutating func recordBad(_ capture: BadCapture, limit: Int) {
        var capture = capture
        nextNumber += 1
        capture.id = "bad-" + Self.paddedNumber(nextNumber)
        if badCaptures.count >= limit { badCaptures.removeFirst(badCaptures.count - limit + 1) }
        badCaptures.append(capture)
    }

    // MARK: Queries

    /// Events matching the filter, in arrival order, using the narrowest index.
    func query(_ filter: EventFilter) -> [Event] {
        let candidates: [Int]? = [
            filter.session.flatMap { bySession[$0] ?? [] },
            filter.name.flatMap { byName[$0] ?? [] },
            filter.test.flatMap { byTest[$0] ?? [] },
        ].compactMap { $0 }.min { $0.count < $1.count }
        if let candidates {
            return candidates.compactMap { $0 >= dropped ? events[$0 - dropped] : nil }.filter(filter.matches)
        }
        return events.filter(filter.matches)
    }

    /// Forgets events and bad captures of one session, or all; returns how many events went.
    mutating func reset(session: String?) -> Int {
        let before = events.count
        if let session {
            events.removeAll { $0.session == session }
            badCaptures.removeAll { $0.session == session }
        } else {
            events.removeAll()
            badCaptures.removeAll()
        }
        bySession = [:]
        byName = [:]
        byTest = [:]
        dropped = 0
        for (position, event) in events.enumerated() { index(event, at: position) }
        let kept = Set(events.lazy.map(\.id))
        violations = violations.filter { kept.contains($0.key) }
        for (id, var waiter) in waiters {
            waiter.seen = query(waiter.filter).count
            waiters[id] = waiter
        }
        return before - events.count
    }

    // MARK: Tests

    mutating func beginTest(_ test: TestID, session: String) { runningTests[session] = test }

    mutating func endTest(_ test: TestID?, session: String) -> TestID? {
        guard let running = runningTests[session], test == nil || running == test else { return nil }
        runningTests.removeValue(forKey: session)
        return running
    }

    func runningTest(session: String) -> TestID? { runningTests[session] }

    // MARK: Waiting

    mutating func makeWaiterID() -> UInt64 {
        nextWaiter += 1
        return nextWaiter
    }

    /// Answers at once if enough events match or the wait is over; otherwise keeps the waiter.
    mutating func register(_ id: UInt64, _ waiter: Waiter, isOver: Bool) -> WaitOutcome? {
        let existing = query(waiter.filter)
        if existing.count >= waiter.count {
            return WaitOutcome(matched: true, count: existing.count, events: existing, nearestMisses: [])
        }
        if isOver { return timedOut(waiter.filter) }
        var waiter = waiter
        waiter.seen = existing.count
        waiters[id] = waiter
        return nil
    }

    /// Ends a wait that has not matched: the deadline passed or the client went away.
    mutating func expire(_ id: UInt64) -> Wake? {
        guard let waiter = waiters.removeValue(forKey: id) else { return nil }
        return (waiter.continuation, timedOut(waiter.filter))
    }

    mutating func expireAll() -> [Wake] {
        var wakes: [Wake] = []
        for id in Array(waiters.keys) { if let wake = expire(id) { wakes.append(wake) } }
        return wakes
    }

    /// A wait's answer shows a few more misses than a plan failure: the test author is looking.
    static let nearestMissLimit = 5

    private func timedOut(_ filter: EventFilter) -> WaitOutcome {
        let matching = query(filter)
        let misses = filter.matcher.closest(in: query(filter.scope), limit: Self.nearestMissLimit)
        return WaitOutcome(matched: false, count: matching.count, events: matching, nearestMisses: misses)
    }
}
