import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

/// One machine's part in a build, as the runner's workers see it (`SharedWorkQueue`): they
/// reserve units (waiting while other machines hold leases whose units may come back), and a
/// heartbeat renews the leases of the units they run, a third of a lease apart.
///
/// A connection lost mid-run is tried again with a growing pause (0.25 s doubling to 8 s) for
/// up to `reconnectFor`, and so is a call that stalled past the queue's `callTimeout` (given up
/// and its connection closed: a query on a connection that died unseen waits for ever); meanwhile this machine's leases lapse and the fleet takes its units
/// over, and its late results, when it gets back, are noted and not counted.
package actor QueueSession: SharedWorkQueue {
    package nonisolated let queue: PostgresWorkQueue
    /// The longest a worker with nothing to reserve waits before asking again: for a notice
    /// of change while the session listens (a lapsed lease sends none), else as polling's
    /// backoff's ceiling.
    package let pollInterval: Duration
    /// How long a call is tried again while the connection is lost (zero: not at all).
    package let reconnectFor: Duration
    /// The reservations this machine's workers are running.
    private var held: Set<Int64> = []
    /// Units this machine ran whose results were not counted (their lease lapsed).
    package private(set) var lateUnits = 0
    package private(set) var unitsRun = 0
    /// Whether the server has taken this session's `LISTEN` (`withHeartbeat` starts it).
    package private(set) var isListening = false
    /// Notices of change received, and the workers waiting for the next one.
    private var notices = 0
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    /// Workers waiting for a notice now.
    package var waitingWorkers: Int { waiters.count }
    /// Calls that lost their connection and were tried again.
    package private(set) var reconnections = 0

    package init(queue: PostgresWorkQueue, reconnectFor: Duration = .seconds(300), pollInterval: Duration? = nil) {
        self.queue = queue
        self.reconnectFor = reconnectFor
        self.pollInterval = pollInterval ?? .milliseconds(Int(min(1000, max(50, queue.leaseSeconds * 1000 / 20))))
    }

    /// The next units for `worker`, or none once the build is drained. With nothing open now
    /// (other machines hold the last units, whose failures may come back as retries) it waits
    /// for the next notice of change, at most `pollInterval`, and asks again. Without a
    /// listener (it could not connect) it polls: again after 20 ms, then half as long again
    /// each time up to `pollInterval`, since the other machines' last units end within moments.
    package func reserve(worker: Int) async throws -> [SharedWorkUnit] {
        var pause = Duration.milliseconds(20)
        while true {
            try Task.checkCancellation()
            // Taken before asking: a notice that arrives while the calls below run is not missed.
            let seen = notices
            let units = try await retrying { try await $0.reserve() }
            if let first = units.first {
                held.insert(first.lease)
                return units
            }
            if try await retrying({ try await $0.isDrained() }) { return [] }
            if isListening {
                await nextNotice(after: seen, within: pollInterval)
            } else {
                try await Task.sleep(for: pause)
                pause = min(pause * 3 / 2, pollInterval)
            }
        }
    }

    /// Returns at the first notice after `seen`, after `timeout`, or when the task is cancelled.
    private func nextNotice(after seen: Int, within timeout: Duration) async {
        guard notices == seen else { return }
        let id = nextWaiter
        nextWaiter += 1
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = $0 }
        } onCancel: {
            Task { [weak self] in await self?.wake(id) }
        }
        timer.cancel()
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// A notice of change: every waiting worker asks again.
    private func changed() {
        notices += 1
        let waiting = waiters.values
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    /// Listening from now on; what changed before the server took the `LISTEN` is asked about again.
    private func startedListening() {
        isListening = true
        changed()
    }

    /// Notices stop (cancelled, or the connection lost): the workers poll again.
    private func stoppedListening() {
        isListening = false
        changed()
    }

    package func acknowledge(_ units: [SharedWorkUnit], results: [TestResult]) async throws {
        for unit in units { held.remove(unit.lease) }
        unitsRun += units.count
        lateUnits += units.count - (try await retrying { try await $0.acknowledge(units, results: results) }).count
    }

    package func retry(_ unit: SharedWorkUnit, results: [TestResult], framework: TestFramework, serial: Bool) async throws {
        _ = try await retrying { try await $0.retry(unit, results: results, framework: framework, serial: serial) }
    }

    package func earlierResults(of unit: SharedWorkUnit) async throws -> [TestResult] {
        try await retrying { try await $0.earlierResults(of: unit) }
    }

    /// Every test's result in the build, once each (its last attempt, carrying the earlier ones).
    package func results() async throws -> [TestResult] {
        try await retrying { try await $0.results() }
    }

    /// This machine's run is over: what its bisections found is kept with its results, and what
    /// it captured beside them, then it stops counting as alive (`PostgresWorkQueue.finish`).
    /// What could not be kept is thrown after the machine has finished all the same, so
    /// `queue report` need not wait for its lease to lapse.
    package func finish(orderDependencies: [TestID: OrderDependency] = [:], capture: MachineCapture? = nil) async throws {
        var kept: Result<Void, any Error> = .success(())
        do {
            try await retrying { try await $0.recordOrderDependencies(orderDependencies) }
            if let capture { try await retrying { try await $0.recordCapture(capture) } }
        } catch {
            kept = .failure(error)
        }
        try await retrying { try await $0.finish() }
        try kept.get()
    }

    /// Runs `body` with the heartbeat and the listener for notices of change beside it, both
    /// stopped when `body` returns.
    package func withHeartbeat<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.heartbeat() }
            group.addTask { await self.listen() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Notices until cancelled. A listener that cannot connect (a busy server can take longer than
    /// the connect timeout) or loses its connection leaves the workers polling meanwhile, and
    /// tries again after a pause growing from 0.25 s to 8 s: notices only make them quicker.
    private func listen() async {
        var pause = Duration.milliseconds(250)
        while !Task.isCancelled {
            try? await queue.listenForChanges(listening: { await self.startedListening() }, changed: { await self.changed() })
            stoppedListening()
            guard (try? await Task.sleep(for: pause)) != nil else { return }
            pause = min(pause * 2, .seconds(8))
        }
    }

    private func heartbeat() async {
        let every = Duration.milliseconds(Int(queue.leaseSeconds * 1000 / 3))
        while !Task.isCancelled {
            try? await Task.sleep(for: every)
            if Task.isCancelled { return }
            // A failed renewal is tried again at the next beat; the lease lapses if none gets through.
            // The renewal runs in a task of its own, so stopping the heartbeat never cuts it off
            // mid-call: a call cancelled mid-way closes its connection (PostgresConnector), and the
            // pool can hand that closing connection to the next call, which then fails, or waits
            // for an answer that never comes. The beat in flight ends within the queue's callTimeout.
            let (queue, tokens) = (queue, Array(held))
            await Task { try? await queue.renew(tokens) }.value
        }
    }

    /// The server could not be reached, or ended this session's connection: an administrator's
    /// `pg_terminate_backend` or a shutdown (SQLSTATE 57P01-57P03), or a connection exception (08…).
    static func lostConnection(_ error: PostgresConnectionError) -> Bool {
        guard error.kind != .unreachable else { return true }
        guard let state = error.sqlState else { return false }
        return ["57P01", "57P02", "57P03"].contains(state) || state.hasPrefix("08")
    }

    /// `operation`, tried again while the server cannot be reached, for up to `reconnectFor`.
    private func retrying<T: Sendable>(_ operation: @Sendable (PostgresWorkQueue) async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        var pause = Duration.milliseconds(250)
        while true {
            do {
                return try await operation(queue)
            } catch let error as PostgresConnectionError where Self.lostConnection(error) && ContinuousClock.now - started < reconnectFor {
                reconnections += 1
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(8))
            }
        }
    }
}
