import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleReports

/// `telltale queue report|status|prune`: a build's record from the queue, once drained, each
/// test once (its last attempt carrying the earlier ones) with the machine that ran it; where
/// a build stands; old builds removed. Each connects to the database for the call only.
public enum QueueBuildReport {
    /// Why a queue command could not give its answer, with its exit status.
    public enum Failure: Error, LocalizedError, Sendable {
        /// The URL is wrong, the database cannot be reached, or it has no such build: exit 2.
        case unusable(String)
        /// The wait ended with units still leased or left: exit 1.
        case notDrained(String)

        public var errorDescription: String? {
            switch self {
            case .unusable(let message), .notDrained(let message): message
            }
        }
    }

    /// The build's record once its queue is drained, waiting up to `wait` seconds for it.
    public static func record(url: String, build: String, wait: Double) async throws(Failure) -> RunRecord {
        let location = try location(url)
        let started = ContinuousClock.now
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                let queue = PostgresWorkQueue(client: client, location: location, build: build, machine: "queue report")
                var status = try await Self.status(of: queue)
                while !status.isDrained {
                    guard ContinuousClock.now - started < .seconds(wait) else {
                        throw Failure.notDrained("build \(build) is not drained after \(Int(wait)) s: " + describeOpen(status))
                    }
                    try await Task.sleep(for: .milliseconds(500))
                    status = try await Self.status(of: queue)
                }
                return record(of: status, results: try await queue.results())
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// Where the build stands, as `telltale queue status` prints it.
    public static func statusLines(url: String, build: String) async throws(Failure) -> [String] {
        describe(try await status(url: url, build: build))
    }

    /// Where the build stands.
    public static func status(url: String, build: String) async throws(Failure) -> PostgresWorkQueue.Status {
        let location = try location(url)
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                try await status(of: PostgresWorkQueue(client: client, location: location, build: build, machine: "queue status"))
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// Removes the builds filled more than `days` days ago; how many.
    public static func prune(url: String, olderThan days: Double) async throws(Failure) -> Int {
        let location = try location(url)
        do {
            return try await PostgresConnector.withClient(for: location) { client throws in
                try await PostgresWorkQueue.prune(olderThan: days, client: client, location: location)
            }
        } catch {
            throw .unusable(PostgresConnectionError(error, at: location).description)
        }
    }

    /// The lines `telltale queue status` prints.
    public static func describe(_ status: PostgresWorkQueue.Status) -> [String] {
        var lines = [
            "build \(status.build): \(status.tests) tests, filled by \(status.filledBy)" + (status.commit.map { " at \($0.prefix(12))" } ?? "")
                + (status.isDrained ? ", drained" : "")
        ]
        let machines = Set(status.done.keys).union(status.leased.map(\.machine)).union(status.machines).sorted()
        for machine in machines {
            let leased = status.leased.filter { $0.machine == machine }
            lines.append("  \(machine): \(status.done[machine] ?? 0) units done, \(leased.count) leased")
        }
        lines.append("  left: \(status.left) units nobody holds")
        lines += status.notes.map { "  note: \($0)" }
        return lines
    }

    private static func location(_ url: String) throws(Failure) -> PostgresLocation {
        do {
            return try PostgresLocation(url: url, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw .unusable("--queue: \(error.description)")
        }
    }

    private static func status(of queue: PostgresWorkQueue) async throws -> PostgresWorkQueue.Status {
        guard let status = try await queue.status() else {
            throw Failure.unusable("the queue at \(queue.location) has no build \(queue.build) (never filled, or pruned)")
        }
        return status
    }

    /// The units still leased (by which machine, and when their leases lapse) and those left.
    static func describeOpen(_ status: PostgresWorkQueue.Status) -> String {
        let leased = status.leased.map { "unit \($0.unit) (\($0.tests) tests) leased by \($0.machine), lapsing in \(Int($0.expiresIn.rounded())) s" }
        return (leased + (status.left > 0 ? ["\(status.left) units not yet reserved"] : [])).joined(separator: "; ")
    }

    static func record(of status: PostgresWorkQueue.Status, results: [TestResult]) -> RunRecord {
        let byMachine = Dictionary(grouping: results) { $0.machine ?? "?" }.mapValues(\.count)
        let ran = byMachine.keys.sorted().map { "\($0) \(byMachine[$0]!)" }.joined(separator: ", ")
        var notes = ["build \(status.build) in queue mode: \(results.count) of \(status.tests) tests, by machine: \(ran)"]
        if results.count < status.tests {
            notes.append("\(status.tests - results.count) test(s) of the build have no result in the queue")
        }
        notes += status.notes
        let started = results.compactMap(\.startedAt).min() ?? Date()
        let ended = results.compactMap { result in result.startedAt.map { $0.addingTimeInterval(result.duration) } }.max() ?? started
        return RunRecord(
            tool: ToolInfo(version: RunOrchestrator.version),
            plan: PlanSummary(name: "build \(status.build)", path: nil, package: "."),
            environment: RunEnvironment(host: status.machines.joined(separator: ", "), operatingSystem: "", gitCommit: status.commit),
            startedAt: started, duration: ended.timeIntervalSince(started), tests: results, notes: notes)
    }
}
