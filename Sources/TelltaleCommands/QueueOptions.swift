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
    /// Set: the run is in queue mode (`request(shard:)` makes its request); the other options of
    /// the group are refused without it.
    var queue: String?

    @Option(
        help:
            "The build every machine shares (default: the CI's run: GitHub's run id and attempt, GitLab's pipeline, Buildkite's build, CircleCI's workflow)."
    )
    /// Nil: `QueueBuildIdentity.resolve` reads the CI's run; off CI the run is refused (exit 2).
    var build: String?

    @Option(help: "This machine's name in the build (default: host name and process id).")
    /// Nil: `QueueBuildIdentity.defaultMachine()`. A second process under the name of a machine
    /// still running is refused when it joins (`PostgresWorkQueue.join`).
    var machine: String?

    @Option(
        name: .customLong("lease-timeout"),
        help: "Seconds a unit stays reserved without a heartbeat before another machine takes it over (default: 30).")
    /// Also the heartbeat's pace: each lease is renewed every third of it (`QueueSession`).
    var leaseTimeout: Double = 30

    @Option(
        name: .customLong("queue-fallback"),
        help:
            "When the queue cannot be reached at the start: shard, to run the static shard (--shard, else the CI's variables) instead of exiting with status 2."
    )
    var fallback: QueueFallback?

    /// What to do when the queue cannot be reached at the start; `shard` is the one choice.
    enum QueueFallback: String, ExpressibleByArgument, CaseIterable {
        case shard
    }

    /// Called by `RunCommand.validate()`, not by the parser (this is not `validate()`): the rules
    /// need the run's `--shard` and whether it repeats the tests.
    func validate(shard: Shard?, repeats: Bool) throws {
        guard queue != nil else {
            if build != nil || machine != nil || fallback != nil { throw ValidationError("--build, --machine and --queue-fallback go with --queue") }
            return
        }
        // The lease is also how long a killed machine's units wait before another machine takes them.
        if leaseTimeout < 1 { throw ValidationError("--lease-timeout must be at least 1 second") }
        // The queue splits the build's tests among the machines itself; a static shard narrows them
        // only when the queue cannot be reached.
        if shard != nil, fallback == nil {
            throw ValidationError(
                "--shard with --queue: the queue splits the tests itself (--queue-fallback shard runs --shard when the queue cannot be reached)")
        }
        // The queue runs each test once across the build.
        if repeats { throw ValidationError("--repeat and --until-failure run every test here again: use them without --queue") }
    }

    /// The request, with the fallback shard `--shard` or the CI's variables give.
    func request(shard: Shard?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RunQueue.Request? {
        guard let queue else { return nil }
        // Invalid CI variables give no shard here (`try?`); the fallback then reports it found none.
        return RunQueue.Request(
            url: queue, build: build, machine: machine, leaseSeconds: leaseTimeout, fallback: fallback != nil,
            fallbackShard: shard ?? (try? CIShardEnvironment.detect(environment))?.shard)
    }
}
