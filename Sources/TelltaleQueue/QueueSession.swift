import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

/// One machine's part in a build, as the runner's workers see it (`SharedWorkQueue`): they
/// reserve units (waiting while other machines hold leases whose units may come back), and a
/// heartbeat renews the leases of the units they run, a third of a lease apart.
///
/// A connection lost mid-run is tried again with a growing pause (0.25 s doubling to 8 s) for
/// up to `reconnectFor`; meanwhile this machine's leases lapse and the fleet takes its units
/// over, and its late results, when it gets back, are noted and not counted.
public actor QueueSession: SharedWorkQueue {
    public nonisolated let queue: PostgresWorkQueue
    /// How long a worker with nothing to reserve waits before asking again.
    public var pollInterval: Duration
    public var reconnectFor: Duration = .seconds(300)
    /// The reservations this machine's workers are running.
    private var held: Set<Int64> = []
    /// Units this machine ran whose results were not counted (their lease lapsed).
    public private(set) var lateUnits = 0
    public private(set) var unitsRun = 0

    public init(queue: PostgresWorkQueue) {
        self.queue = queue
        pollInterval = .milliseconds(Int(min(1000, max(50, queue.leaseSeconds * 1000 / 20))))
    }

    public func reserve(worker: Int) async throws -> SharedWorkUnit? {
        while true {
            try Task.checkCancellation()
            if let unit = try await retrying({ try await $0.reserve() }) {
                held.insert(unit.lease)
                return unit
            }
            if try await retrying({ try await $0.isDrained() }) { return nil }
            try await Task.sleep(for: pollInterval)
        }
    }

    public func acknowledge(_ unit: SharedWorkUnit, results: [TestResult]) async throws {
        held.remove(unit.lease)
        unitsRun += 1
        if !(try await retrying({ try await $0.acknowledge(unit, results: results) })) { lateUnits += 1 }
    }

    public func retry(_ unit: SharedWorkUnit, results: [TestResult], framework: TestFramework, serial: Bool) async throws {
        _ = try await retrying { try await $0.retry(unit, results: results, framework: framework, serial: serial) }
    }

    public func earlierResults(of unit: SharedWorkUnit) async throws -> [TestResult] {
        try await retrying { try await $0.earlierResults(of: unit) }
    }

    /// Runs `body` with the heartbeat beside it, stopped when `body` returns.
    public func withHeartbeat<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.heartbeat() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    private func heartbeat() async {
        let every = Duration.milliseconds(Int(queue.leaseSeconds * 1000 / 3))
        while !Task.isCancelled {
            try? await Task.sleep(for: every)
            if Task.isCancelled { return }
            // A failed renewal is tried again at the next beat; the lease lapses if none gets through.
            try? await queue.renew(Array(held))
        }
    }

    /// `operation`, tried again while the server cannot be reached, for up to `reconnectFor`.
    private func retrying<T: Sendable>(_ operation: @Sendable (PostgresWorkQueue) async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        var pause = Duration.milliseconds(250)
        while true {
            do {
                return try await operation(queue)
            } catch let error as PostgresConnectionError where error.kind == .unreachable && ContinuousClock.now - started < reconnectFor {
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(8))
            }
        }
    }
}
