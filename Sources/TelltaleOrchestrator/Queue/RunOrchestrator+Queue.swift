import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner

/// Queue mode (`telltale run --queue URL`): the database is reached before anything is built;
/// after the build and the listing this machine fills the build's queue (the first to arrive)
/// or joins it, and its workers take their units from it until it is drained, with a
/// heartbeat renewing their leases. Its reports are of what it ran, noted as part of the build.
extension RunOrchestrator {
    /// With `--queue`: the queue reached, or with `--queue-fallback shard` the static shard
    /// when it cannot be, with the note that says so.
    func withQueueStarted() async throws(OrchestratorError) -> (RunOrchestrator, [String]) {
        guard let request = options.queue, queue == nil else { return (self, []) }
        var moved = self
        switch try await RunQueue.start(request, environment: ProcessInfo.processInfo.environment) {
        case .queue(let queue):
            moved.queue = queue
            await progress.note("queue mode: build \(queue.build) as machine \(queue.machine), at \(queue.location)")
            return (moved, [])
        case .shard(let shard, let note):
            moved.options.queue = nil
            moved.options.shard = shard
            return (moved, [note])
        }
    }

    /// Runs `body` with the build's queue (nil without queue mode): joined with this machine's
    /// listing of `selected`, its heartbeat beside `body`; the notes say what this machine's
    /// part of the build was. Its `workers` size, with the other machines', each reservation.
    func runQueued(
        _ selected: [ListedTest], settings: [TestID: TestSettings], timings: [String: Double], package: String, workers: Int,
        wholeClasses: Bool, _ body: @Sendable ((any SharedWorkQueue)?) async throws -> RunExecution.Outcome
    ) async throws -> RunExecution.Outcome {
        guard let queue else { return try await body(nil) }
        let commit = await RunEnvironmentProbe.probe(in: package).gitCommit
        let plan = SharedUnitPlanner.plan(
            selected, durations: timings, serialGroups: settings.compactMapValues(\.serialGroup), parallelism: workers, wholeClasses: wholeClasses)
        let listing = PostgresWorkQueue.Listing(
            digest: PostgresWorkQueue.Listing.digest(of: selected.map(\.id)), commit: commit, tests: selected.count, units: plan.units)
        let progress = self.progress
        return try await PostgresConnector.withClient(for: queue.location) { client in
            var shared = PostgresWorkQueue(
                client: client, location: queue.location, build: queue.build, machine: queue.machine, leaseSeconds: queue.leaseSeconds)
            shared.workers = workers
            let session = QueueSession(queue: shared)
            let joined: PostgresWorkQueue.Joined
            do {
                joined = try await session.queue.join(listing)
            } catch let error as QueueError {
                throw OrchestratorError.badOption(error.message)
            }
            let how: String
            switch joined {
            case .filled(let units):
                how = "filled the queue with \(units) units of \(selected.count) tests"
                for note in plan.notes { await progress.note(note) }
            case .joined(let filledBy): how = "joined the queue \(filledBy) filled"
            case .rerun(let units): how = "re-run of a drained build: \(units) units of tests without a passing result queued again"
            case .drained:
                let note = "queue mode: build \(queue.build) is drained and every test passed; nothing left for \(queue.machine) to run"
                await progress.note(note)
                return RunExecution.Outcome(notes: [note])
            }
            await progress.note("queue mode: \(queue.machine) \(how)")
            var outcome = try await session.withHeartbeat { try await body(session) }
            if case .finished = outcome.end { outcome.results = try await Self.settled(outcome.results, by: session.queue) }
            let late = await session.lateUnits
            outcome.notes.append(
                "part of build \(queue.build): machine \(queue.machine) \(how), and ran \(outcome.results.count) of its \(selected.count) tests; `telltale queue report --build \(queue.build)` gives the build's record"
            )
            if late > 0 {
                outcome.notes.append(
                    "queue mode: \(late) unit(s) this machine ran were taken over by another machine after their lease lapsed; their results here were not counted in the build"
                )
            }
            return outcome
        }
    }

    /// Once the queue is drained every retry has run: a test this machine failed whose retry
    /// ran on another machine takes its final result from the queue (the attempts in order, the
    /// last one's machine), so this machine's verdict is its tests' verdict after their retries.
    static func settled(_ results: [TestResult], by queue: PostgresWorkQueue) async throws -> [TestResult] {
        guard results.contains(where: { $0.outcome.isFailure }) else { return results }
        let final = Dictionary(try await queue.results().map { ($0.id, $0) }) { first, _ in first }
        return results.map { result in
            guard result.outcome.isFailure, let settled = final[result.id], settled.previousAttempts.count > result.previousAttempts.count
            else { return result }
            return settled
        }
    }
}
