import Foundation
import TelltaleModel
import TelltalePostgres
import TelltaleQueue

/// Queue mode as one `telltale run --queue URL` takes part in it: the database (reached and
/// migrated before anything is built), the build and this machine's name.
package struct RunQueue: Sendable {
    package var location: PostgresLocation
    package var build: String
    package var machine: String
    package var leaseSeconds: Double
    /// The longest one call to the queue may take (`--postgres-timeout`, the plan's `postgresTimeout`).
    package var callTimeout = PostgresConnector.defaultCallTimeout
    /// The machine's commit, branch and system for the build's listing, probed from the start
    /// beside reaching the database, the build and the listing, so joining does not wait for git.
    var environment: Task<RunEnvironment, Never>?

    /// What `--queue` and its companions asked for, after argument parsing.
    package struct Request: Sendable {
        package var url: String
        package var build: String?
        package var machine: String?
        package var leaseSeconds: Double
        /// `--queue-fallback shard`: the static shard to run when the database cannot be reached at
        /// the start (`--shard`, else the CI's variables); nil without the fallback.
        package var fallbackShard: Shard?
        package var fallback: Bool

        package init(
            url: String, build: String? = nil, machine: String? = nil, leaseSeconds: Double = 30, fallback: Bool = false,
            fallbackShard: Shard? = nil
        ) {
            self.url = url
            self.build = build
            self.machine = machine
            self.leaseSeconds = leaseSeconds
            self.fallback = fallback
            self.fallbackShard = fallbackShard
        }
    }

    /// The build id the CI's variables give (`QueueBuildIdentity`); nil off CI.
    package static func buildFromCI(_ environment: [String: String]) -> String? {
        QueueBuildIdentity.buildID(from: environment)?.id
    }

    /// How a run starts in queue mode: with the queue, or (`--queue-fallback shard`) with the
    /// static shard because the database could not be reached.
    enum Start: Sendable {
        case queue(RunQueue)
        case shard(Shard, note: String)
    }

    /// Reaches the database and brings its queue tables up to date; a database that cannot be
    /// reached is exit 2 naming the URL (never its password), or the fallback shard.
    static func start(
        _ request: Request, environment: [String: String], callTimeout: Duration = PostgresConnector.defaultCallTimeout, workers: Int = 1
    ) async throws(OrchestratorError) -> Start {
        let build: String
        let location: PostgresLocation
        do {
            build = try QueueBuildIdentity.resolve(build: request.build, environment: environment)
            location = try PostgresLocation(url: request.url, environment: environment)
        } catch {
            throw .badOption("--queue: \(error.localizedDescription)")
        }
        let machine = request.machine ?? QueueBuildIdentity.defaultMachine()
        do {
            // The machine is there from now: the others size their reservations with its workers.
            try await PostgresWorkQueue.prepare(
                location, within: callTimeout, arrival: PostgresWorkQueue.Arrival(build: build, machine: machine, workers: workers))
        } catch {
            guard request.fallback else {
                throw .badOption("--queue: the queue cannot be used: \(error.description); or pass --queue-fallback shard")
            }
            guard let shard = request.fallbackShard else {
                throw .badOption(
                    "--queue: the queue cannot be used (\(error.description)), and --queue-fallback shard found no shard: pass --shard I/N (on GitHub Actions, from the matrix), or run under GitLab's, Buildkite's or CircleCI's parallel jobs"
                )
            }
            return .shard(
                shard,
                note:
                    "queue mode: the queue cannot be used (\(error.description)); running the static shard \(shard) instead (--queue-fallback shard)")
        }
        var queue = RunQueue(location: location, build: build, machine: machine, leaseSeconds: request.leaseSeconds)
        queue.callTimeout = callTimeout
        return .queue(queue)
    }
}
