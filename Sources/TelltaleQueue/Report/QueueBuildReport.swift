import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleRecord

/// `telltale queue report|status|prune`: a build's record from the queue, once drained, each
/// test once (its last attempt carrying the earlier ones) with the machine that ran it; where
/// a build stands; old builds removed. Each connects to the database for the call only.
package enum QueueBuildReport {
    /// Why a queue command could not give its answer, with its exit status.
    package enum QueueReportError: Error, LocalizedError, Sendable {
        /// The URL is wrong, the database cannot be reached, or it has no such build: exit 2.
        case unusable(String)
        /// The wait ended with units still leased or left: exit 1.
        case notDrained(String)

        package var errorDescription: String? {
            switch self {
            case .unusable(let message), .notDrained(let message): message
            }
        }
    }

    /// The build's record once its queue is drained and its machines have finished (their
    /// bisections' findings and their captured events join their results), waiting up to `wait`
    /// seconds for it; a build not filled yet (the report job started with the machines, before
    /// the first of them had built) is waited for too. Each call is given up after `callTimeout`.
    /// `rules` and `plan`: the machines' plan, as `QueueReportPlan` reads it; `toolVersion`: the
    /// report's writer, as a run's record names it.
    package static func record(
        url: String, build: String, wait: Double, callTimeout: Duration? = nil, rules: RecordRules = RecordRules(), plan: PlanSummary? = nil,
        toolVersion: String
    ) async throws(QueueReportError) -> RunRecord {
        let location = try location(url)
        let started = ContinuousClock.now
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                var queue = PostgresWorkQueue(client: client, location: location, build: build, machine: "queue report")
                queue.callTimeout = callTimeout ?? PostgresConnector.defaultCallTimeout
                var status = try await filledStatus(of: queue)
                while !(status?.isSettled ?? false) {
                    let waited = ContinuousClock.now - started
                    guard waited < .seconds(wait) else {
                        guard let status else { throw QueueReportError.unusable(neverFilled(queue, waited: waited)) }
                        throw QueueReportError.notDrained("build \(build) is not drained after \(waitedText(waited)): " + describeOpen(status))
                    }
                    try await Task.sleep(for: .milliseconds(500))
                    status = try await filledStatus(of: queue)
                }
                let (captures, unreadable) = try await capturesKept(by: queue)
                let listed = try await queue.listedTests().map { ExpectedTest(id: $0.id, framework: $0.framework) }
                let raw = rawRun(of: status!, results: try await queue.results(), captures: captures, unreadable: unreadable, listed: listed)
                return RunRecordBuilder.build(
                    raw, rules: rules, context: context(of: status!, results: raw.results, rules: rules, plan: plan, toolVersion: toolVersion))
            }
        } catch let failure as QueueReportError {
            throw failure
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// Where the build stands, as `telltale queue status` prints it.
    package static func statusLines(
        url: String, build: String, callTimeout: Duration? = nil
    ) async throws(QueueReportError) -> [String] {
        describe(try await status(url: url, build: build, callTimeout: callTimeout))
    }

    /// Where the build stands.
    package static func status(
        url: String, build: String, callTimeout: Duration? = nil
    ) async throws(QueueReportError) -> PostgresWorkQueue.Status {
        let location = try location(url)
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                var queue = PostgresWorkQueue(client: client, location: location, build: build, machine: "queue status")
                queue.callTimeout = callTimeout ?? PostgresConnector.defaultCallTimeout
                return try await status(of: queue)
            }
        } catch let failure as QueueReportError {
            throw failure
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// Removes the builds filled more than `days` days ago; how many.
    package static func prune(
        url: String, olderThan days: Double, callTimeout: Duration? = nil
    ) async throws(QueueReportError) -> Int {
        let location = try location(url)
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                try await PostgresWorkQueue.prune(
                    olderThan: days, client: client, location: location, within: callTimeout ?? PostgresConnector.defaultCallTimeout)
            }
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// The lines `telltale queue status` prints.
    package static func describe(_ status: PostgresWorkQueue.Status) -> [String] {
        var lines = [
            "build \(status.build): \(status.tests) tests, filled by \(status.filledBy)" + (status.commit.map { " at \($0.prefix(12))" } ?? "")
                + (status.isDrained ? ", drained" : "")
        ]
        let machines = Set(status.done.keys).union(status.leased.map(\.machine)).union(status.machines).sorted()
        for machine in machines {
            let leased = status.leased.filter { $0.machine == machine }
            let running = status.running.contains(machine) ? ", running" : ""
            lines.append("  \(machine): \(status.done[machine] ?? 0) units done, \(leased.count) leased\(running)")
        }
        lines.append("  left: \(status.left) units nobody holds")
        lines += status.notes.map { "  note: \($0)" }
        return lines
    }

    private static func location(_ url: String) throws(QueueReportError) -> PostgresLocation {
        do {
            return try PostgresLocation(url: url, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw .unusable("--queue: \(error.description)")
        }
    }

    private static func status(of queue: PostgresWorkQueue) async throws -> PostgresWorkQueue.Status {
        guard let status = try await filledStatus(of: queue) else {
            throw QueueReportError.unusable("the queue at \(queue.location) has no build \(queue.build) (never filled, or pruned)")
        }
        return status
    }

    /// What the machines captured; none (and one unreadable) when their Telltale kept none: a
    /// database no newer machine has migrated has no `queue_capture` table.
    private static func capturesKept(by queue: PostgresWorkQueue) async throws -> (captures: [MachineCapture], unreadable: Int) {
        do {
            return try await queue.captures()
        } catch {
            if error.sqlState == "42P01" { return ([], 1) }
            throw error
        }
    }

    /// The build's state; nil while no machine has filled it, the queue's tables included (no
    /// machine has reached the database yet).
    private static func filledStatus(of queue: PostgresWorkQueue) async throws -> PostgresWorkQueue.Status? {
        do {
            return try await queue.status()
        } catch {
            // Undefined table or schema: no machine has migrated the database yet.
            if let state = error.sqlState, ["42P01", "3F000"].contains(state) { return nil }
            throw error
        }
    }

    private static func neverFilled(_ queue: PostgresWorkQueue, waited: Duration) -> String {
        "the queue at \(queue.location) has no build \(queue.build) after waiting \(waitedText(waited)): no machine filled it (check --build and that the machines reach this database), or it was pruned"
    }

    /// `0.5 s`, `12 s`: how long the report waited, as it was.
    static func waitedText(_ waited: Duration) -> String {
        let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        return seconds < 10 ? String(format: "%.1f s", seconds) : "\(Int(seconds.rounded())) s"
    }

    /// The units still leased (by which machine, and when their leases lapse) and those left;
    /// once drained, the machines still running (bisecting what failed, say).
    static func describeOpen(_ status: PostgresWorkQueue.Status) -> String {
        let leased = status.leased.map { "unit \($0.unit) (\($0.tests) tests) leased by \($0.machine), lapsing in \(Int($0.expiresIn.rounded())) s" }
        var open = leased + (status.left > 0 ? ["\(status.left) units not yet reserved"] : [])
        if open.isEmpty, !status.running.isEmpty {
            open.append("drained, but machine(s) \(status.running.joined(separator: ", ")) still running (their bisections' findings join the build)")
        }
        return open.joined(separator: "; ")
    }

    /// What the machines produced, as one run's: every result (each test's last attempt carrying
    /// the earlier ones, from whichever machine), every machine's events, the tests checked as
    /// they ended (by the machine whose result is the test's), and every test the build was
    /// filled with, so one without a result is an error naming it.
    static func rawRun(
        of status: PostgresWorkQueue.Status, results: [TestResult], captures: [MachineCapture] = [], unreadable: Int = 0,
        listed: [ExpectedTest]? = nil
    ) -> RawRun {
        let byMachine = Dictionary(grouping: results) { $0.machine ?? "?" }.mapValues(\.count)
        let ran = byMachine.keys.sorted().map { "\($0) \(byMachine[$0]!)" }.joined(separator: ", ")
        var notes = ["build \(status.build) in queue mode: \(results.count) of \(status.tests) tests, by machine: \(ran)"]
        if unreadable > 0 {
            notes.append(
                "the captured events of \(unreadable) machine run(s) could not be read (kept by another version of Telltale): their tests' analytics were checked without them"
            )
        }
        notes += status.notes
        let finalMachine = Dictionary(results.map { ($0.id, $0.machine) }) { first, _ in first }
        var checkedAtEnd: [TestID: TestVerification] = [:]
        for capture in captures {
            for (test, verdict) in capture.checkedAtEnd where checkedAtEnd[test] == nil || finalMachine[test] == capture.machine {
                checkedAtEnd[test] = verdict
            }
        }
        var raw = RawRun(
            results: results, events: captures.flatMap(\.events).sorted { $0.receivedAt < $1.receivedAt }, checkedAtEnd: checkedAtEnd,
            notes: notes, expected: listed)
        raw.otherRoots = Array(Set(captures.compactMap(\.packageRoot))).sorted()
        return raw
    }

    /// The build's run: from its first test's start to its last test's end, on the machines that
    /// took part, with the branch and system of the machine that filled it.
    static func context(
        of status: PostgresWorkQueue.Status, results: [TestResult], rules: RecordRules, plan: PlanSummary?, toolVersion: String
    ) -> RecordContext {
        let started = results.compactMap(\.startedAt).min() ?? Date()
        let ended = results.compactMap { result in result.startedAt.map { $0.addingTimeInterval(result.duration) } }.max() ?? started
        var environment = RunEnvironment(
            host: status.machines.joined(separator: ", "), operatingSystem: status.operatingSystem ?? "", gitCommit: status.commit)
        environment.gitBranch = status.branch
        environment.packageRoot = rules.packageRoot
        return RecordContext(
            toolVersion: toolVersion, plan: plan ?? PlanSummary(name: "build \(status.build)", path: nil, package: "."),
            environment: environment, startedAt: started, duration: ended.timeIntervalSince(started))
    }
}
