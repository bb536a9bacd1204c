import Foundation
import TelltaleModel
import TelltalePlan
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner

/// Queue mode (`telltale run --queue URL`): the database is reached before anything is built;
/// after the build and the listing this machine fills the build's queue (the first to arrive)
/// or joins it, and its workers take their units from it until it is drained, with a
/// heartbeat renewing their leases. Its reports are of what it ran, noted as part of the build;
/// its exit status is the build's verdict.
extension RunOrchestrator {
    /// With `--queue`: the queue reached, or with `--queue-fallback shard` the static shard
    /// when it cannot be, with the note that says so.
    func withQueueStarted() async throws(OrchestratorError) -> (RunOrchestrator, [String]) {
        guard let request = options.queue, queue == nil else { return (self, []) }
        var moved = self
        // The plan is read in full later (a bad one is exit 2 then); here for its deadline and workers.
        let plan = (try? resolvePlan().plan) ?? Plan.defaultPlan(package: options.package ?? Plan.defaultPackage)
        let settings = RunSettings.resolve(options, plan: plan)
        let environment = Task { await RunEnvironmentProbe.probe(in: plan.package, swiftVersion: false) }
        switch try await RunQueue.start(
            request, environment: ProcessInfo.processInfo.environment, callTimeout: settings.postgresTimeout,
            workers: settings.workers ?? ProcessInfo.processInfo.activeProcessorCount)
        {
        case .queue(var queue):
            queue.environment = environment
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
    /// Once the queue is drained, the outcome carries the tests that failed for good on other
    /// machines (`quarantine` aside): this machine exits with the build's verdict.
    func runQueued(
        _ selected: [ListedTest], settings: [TestID: TestSettings], timings: [String: Double], package: String, workers: Int,
        quarantine: QuarantineList, wholeClasses: Bool, processStartCost: Double,
        _ body: @Sendable ((any SharedWorkQueue)?) async throws -> RunExecution.Outcome
    ) async throws -> RunExecution.Outcome {
        guard let queue else { return try await body(nil) }
        let environment: RunEnvironment
        if let probed = queue.environment {
            environment = await probed.value
        } else {
            environment = await RunEnvironmentProbe.probe(in: package, swiftVersion: false)
        }
        let plan = SharedUnitPlanner.plan(
            selected, durations: timings, serialGroups: settings.compactMapValues(\.serialGroup), parallelism: workers, wholeClasses: wholeClasses)
        var listing = PostgresWorkQueue.Listing(
            digest: PostgresWorkQueue.Listing.digest(of: selected.map(\.id)), commit: environment.gitCommit, tests: selected.count,
            units: plan.units)
        (listing.branch, listing.operatingSystem) = (environment.gitBranch, environment.operatingSystem)
        let progress = self.progress
        return try await PostgresConnector.withClient(for: queue.location) { client in
            var shared = PostgresWorkQueue(
                client: client, location: queue.location, build: queue.build, machine: queue.machine, leaseSeconds: queue.leaseSeconds)
            shared.workers = workers
            shared.minimumShareSeconds = 20 * processStartCost
            shared.callTimeout = queue.callTimeout
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
                try await session.finish()
                return RunExecution.Outcome(notes: [note])
            case .drainedFailing(let tests):
                // Another machine of this CI retry queued the re-run, and it is over.
                var outcome = RunExecution.Outcome()
                outcome.buildFailures = Self.failedElsewhere(try await session.results(), ranHere: [], quarantine: quarantine)
                let note =
                    "queue mode: build \(queue.build)'s re-run of this round is over with \(tests) test(s) without a passing result; nothing left for \(queue.machine) to run"
                await progress.note(note)
                outcome.notes = [note] + Self.verdictNotes(outcome.buildFailures, build: queue.build)
                try await session.finish()
                return outcome
            }
            await progress.note("queue mode: \(queue.machine) \(how)")
            await progress.sharing(build: queue.build)
            var outcome: RunExecution.Outcome
            do {
                outcome = try await session.withHeartbeat { try await body(session) }
            } catch {
                // Its run is over all the same: `queue report` need not wait for its lease to lapse.
                try? await session.finish()
                throw error
            }
            let found = Dictionary(outcome.results.compactMap { result in result.orderDependency.map { (result.id, $0) } }) { first, _ in first }
            if case .finished = outcome.end {
                let final = try await session.results()
                outcome.results = Self.settled(outcome.results, final: final)
                outcome.buildFailures = Self.failedElsewhere(final, ranHere: Set(outcome.results.map(\.id)), quarantine: quarantine)
            }
            // What this machine captured goes beside its results: the build's record is built from both.
            let capture = MachineCapture(
                machine: queue.machine, packageRoot: URL(fileURLWithPath: package).standardizedFileURL.path, events: outcome.events,
                checkedAtEnd: outcome.checkedAtEnd)
            do {
                try await session.finish(orderDependencies: found, capture: capture)
            } catch {
                outcome.notes.append(
                    "queue mode: what this machine's bisections found and its captured events could not be kept in the queue: \(error)")
            }
            let late = await session.lateUnits
            let part =
                "machine \(queue.machine) \(how), and ran \(outcome.results.count) of the build's \(selected.count) tests"
            await progress.note("queue mode: \(part) (part of build \(queue.build))")
            outcome.notes.append("part of build \(queue.build): \(part); `telltale queue report --build \(queue.build)` gives the build's record")
            outcome.notes += Self.verdictNotes(outcome.buildFailures, build: queue.build)
            if late > 0 {
                outcome.notes.append(
                    "queue mode: \(late) unit(s) this machine ran were taken over by another machine after their lease lapsed; their results here were not counted in the build"
                )
            }
            return outcome
        }
    }

    /// Once the queue is drained every retry has run: a test this machine failed whose retry
    /// ran on another machine takes its final result from the queue (`final`: the attempts in
    /// order, the last one's machine), so this machine's verdict is its tests' verdict after
    /// their retries.
    static func settled(_ results: [TestResult], final: [TestResult]) -> [TestResult] {
        guard results.contains(where: { $0.outcome.isFailure }) else { return results }
        let byTest = Dictionary(final.map { ($0.id, $0) }) { first, _ in first }
        return results.map { result in
            guard result.outcome.isFailure, let settled = byTest[result.id], settled.previousAttempts.count > result.previousAttempts.count
            else { return result }
            return settled
        }
    }

    /// The tests of the build that failed for good on other machines (not in `ranHere`), those
    /// the plan's quarantine excuses aside: with any, this machine's exit is the build's 1.
    static func failedElsewhere(_ final: [TestResult], ranHere: Set<TestID>, quarantine: QuarantineList) -> [TestResult] {
        final.filter { $0.outcome.isFailure && !ranHere.contains($0.id) && !quarantine.excuses($0.id) }
    }

    /// The note that says the build failed on other machines, naming the tests and machines.
    static func verdictNotes(_ failures: [TestResult], build: String) -> [String] {
        guard !failures.isEmpty else { return [] }
        let named = failures.prefix(5).map { "\($0.id) on \($0.machine ?? "?")" }.joined(separator: ", ")
        let more = failures.count > 5 ? " and \(failures.count - 5) more" : ""
        return [
            "build \(build) failed: \(failures.count) test(s) failed for good on other machines (\(named)\(more)); this machine exits with the build's verdict"
        ]
    }
}
