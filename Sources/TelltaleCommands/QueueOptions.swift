import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator

/// `telltale run`'s queue mode options: `--queue URL` and its companions.
struct QueueOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Queue mode: take the tests from a work queue in this PostgreSQL database, shared by every machine of the build (postgres://USER@HOST/DB; the password from the URL, PGPASSWORD or ~/.pgpass).",
            discussion: "The first machine fills the queue; each reserves units with a lease until the queue is drained. See Docs/Fleet.md.",
            valueName: "url"))
    var queue: String?

    @Option(
        help:
            "The build every machine shares (default: the CI's run: GitHub's run id and attempt, GitLab's pipeline, Buildkite's build, CircleCI's workflow)."
    )
    var build: String?

    @Option(help: "This machine's name in the build (default: host name and process id).")
    var machine: String?

    @Option(
        name: .customLong("lease-timeout"),
        help: "Seconds a unit stays reserved without a heartbeat before another machine takes it over (default: 30).")
    var leaseTimeout: Double = 30

    @Option(
        name: .customLong("queue-fallback"),
        help:
            "When the queue cannot be reached at the start: shard, to run the static shard (--shard, else the CI's variables) instead of exiting with status 2."
    )
    var fallback: QueueFallback?

    enum QueueFallback: String, ExpressibleByArgument, CaseIterable {
        case shard
    }

    func validate(shard: Shard?, repeats: Bool) throws {
        guard queue != nil else {
            if build != nil || machine != nil || fallback != nil { throw ValidationError("--build, --machine and --queue-fallback go with --queue") }
            return
        }
        if leaseTimeout < 1 { throw ValidationError("--lease-timeout must be at least 1 second") }
        if shard != nil, fallback == nil {
            throw ValidationError(
                "--shard with --queue: the queue splits the tests itself (--queue-fallback shard runs --shard when the queue cannot be reached)")
        }
        if repeats { throw ValidationError("--repeat and --until-failure run every test here again: use them without --queue") }
    }

    /// The request, with the fallback shard `--shard` or the CI's variables give.
    func request(shard: Shard?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RunQueue.Request? {
        guard let queue else { return nil }
        return RunQueue.Request(
            url: queue, build: build, machine: machine, leaseSeconds: leaseTimeout, fallback: fallback != nil,
            fallbackShard: shard ?? (try? CIShardEnvironment.detect(environment))?.shard)
    }
}
