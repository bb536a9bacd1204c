import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

extension PostgresWorkQueue {
    /// How a machine came into its build.
    package enum Joined: Sendable, Equatable {
        /// It arrived first and filled the queue with this many units.
        case filled(units: Int)
        /// Another machine had filled it; this one helps with what is left.
        case joined(filledBy: String)
        /// The build was drained with tests that never passed, and this machine started a re-run
        /// (a CI retry with the same build id): their units are queued again, this many.
        case rerun(units: Int)
        /// The build was drained and every test passed: nothing is left to do.
        case drained
        /// The build was drained with this many tests that never passed, and their re-run of this
        /// round (a CI retry) was queued by another machine of it and is over: nothing is left
        /// to do, and the build failed.
        case drainedFailing(tests: Int)
    }

    /// What one machine found when it listed its tests, to check it against the build's.
    package struct Listing: Sendable {
        /// `digest(of:)` of the tests selected.
        package var digest: String
        package var commit: String?
        package var tests: Int
        package var units: [SharedUnitPlanner.Unit]
        /// The branch and the system of the machine, kept by the one that fills the build for the
        /// build's record (and its row in the history).
        package var branch: String?
        package var operatingSystem: String?

        package init(digest: String, commit: String?, tests: Int, units: [SharedUnitPlanner.Unit]) {
            self.digest = digest
            self.commit = commit
            self.tests = tests
            self.units = units
        }

        /// The same tests give the same digest whatever order they were listed in.
        package static func digest(of tests: [TestID]) -> String {
            SourceDigest.of(Data(tests.map(\.rawValue).sorted().joined(separator: "\n").utf8))
        }
    }

    private enum Found: Sendable {
        case joined(Joined)
        case mismatch(filledBy: String, commit: String?)
        case nameInUse(seenSecondsAgo: Double, lapsesIn: Double)
    }

    /// Fills the queue if this machine is the first, in one transaction; otherwise waits for the
    /// fill (the insert of the build's row waits for the transaction that made it) and checks
    /// that this machine listed the same tests. A machine with another listing is refused, and
    /// so is a second process under the name of a machine that is still running.
    package func join(_ listing: Listing) async throws -> Joined {
        let found = try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO telltale.queue_build (id, listing_digest, filled_by, git_commit, tests, next_unit, git_branch, operating_system)
                VALUES (\(build), \(listing.digest), \(machine), \(listing.commit), \(listing.tests), \(listing.units.count + 1),
                        \(listing.branch), \(listing.operatingSystem))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: Self.quiet)
            let filled = try await inserted.collect().count == 1
            if filled {
                try await register(listing.commit, round: 0, on: connection)
                try await insertUnits(listing.units, on: connection)
                return Found.joined(.filled(units: listing.units.count))
            }
            let rows = try await connection.query(
                "SELECT listing_digest, filled_by, git_commit, round FROM telltale.queue_build WHERE id = \(build) FOR NO KEY UPDATE",
                logger: Self.quiet)
            var existing: (String, String, String?, Int)?
            for try await row in rows.decode((String, String, String?, Int).self) { existing = row }
            guard let (digest, filledBy, commit, round) = existing else { return Found.joined(.joined(filledBy: "?")) }
            guard digest == listing.digest else { return Found.mismatch(filledBy: filledBy, commit: commit) }
            let own = try await ownRow(on: connection)
            if let own, own.live { return Found.nameInUse(seenSecondsAgo: own.seenSecondsAgo, lapsesIn: own.lapsesIn) }
            // The build's row is locked first, then the machine's row (which takes a key-share lock
            // on it) added: joiners queue up on the row instead of deadlocking over it.
            let (joined, joinedRound) = try await rerunIfDrained(
                filledBy: filledBy, round: round, tookPart: own?.round == round, on: connection)
            try await register(listing.commit, round: joinedRound, on: connection)
            return Found.joined(joined)
        }
        switch found {
        case .joined(let joined): return joined
        case .mismatch(let filledBy, let commit):
            throw QueueError(
                .listingMismatch,
                "build \(build): this machine (\(machine), commit \(listing.commit ?? "unknown")) listed other tests than the machine that filled the queue (\(filledBy), commit \(commit ?? "unknown")); every machine of a build must run the same commit and plan: pass another --build for another commit"
            )
        case .nameInUse(let seen, let lapsesIn):
            throw QueueError(
                .machineNameInUse,
                "build \(build): machine name \(machine) is in use by another process that is still running (seen \(Self.seconds(seen.rounded())) ago; it counts as gone \(Self.seconds(max(0, lapsesIn).rounded())) after that process stops); give each machine of a build its own --machine (default: host name and process id)"
            )
        }
    }

    /// This machine's row in the build, if it took part before: the round it joined in, and
    /// whether another process under its name is still running (not finished, seen within its
    /// lease, or this machine's lease for a row from before leases were kept).
    private func ownRow(on connection: PostgresConnection) async throws -> (round: Int, live: Bool, seenSecondsAgo: Double, lapsesIn: Double)? {
        let rows = try await connection.query(
            """
            SELECT round,
                   process IS DISTINCT FROM \(process) AND finished_at IS NULL
                       AND last_seen > now() - make_interval(secs => COALESCE(lease_seconds, \(leaseSeconds))),
                   EXTRACT(EPOCH FROM now() - last_seen)::double precision,
                   EXTRACT(EPOCH FROM last_seen + make_interval(secs => COALESCE(lease_seconds, \(leaseSeconds))) - now())::double precision
            FROM telltale.queue_machine WHERE build_id = \(build) AND machine = \(machine)
            """, logger: Self.quiet)
        for try await (round, live, seen, lapses) in rows.decode((Int, Bool, Double, Double).self) {
            return (round, live, seen, lapses)
        }
        return nil
    }

    private func register(_ commit: String?, round: Int, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO telltale.queue_machine (build_id, machine, git_commit, workers, process, lease_seconds, round)
            VALUES (\(build), \(machine), \(commit), \(workers), \(process), \(leaseSeconds), \(round))
            ON CONFLICT (build_id, machine) DO UPDATE SET last_seen = now(), workers = EXCLUDED.workers, git_commit = EXCLUDED.git_commit,
                process = EXCLUDED.process, lease_seconds = EXCLUDED.lease_seconds, round = EXCLUDED.round, finished_at = NULL
            """, logger: Self.quiet)
    }

    private func insertUnits(_ units: [SharedUnitPlanner.Unit], on connection: PostgresConnection) async throws {
        guard !units.isEmpty else { return }
        let ids = Array(1...units.count)
        try await connection.query(
            """
            INSERT INTO telltale.queue_unit (build_id, id, framework, serial, tests, estimated_seconds, attempt, state)
            SELECT \(build), u.id, u.framework, u.serial, u.tests, u.seconds, 1, 'pending'
            FROM unnest(\(ids)::integer[], \(units.map(\.framework.rawValue))::text[], \(units.map(\.serial))::boolean[],
                        \(units.map { $0.tests.map(\.rawValue).joined(separator: "\n") })::text[], \(units.map(\.seconds))::double precision[])
                AS u(id, framework, serial, tests, seconds)
            """, logger: Self.quiet)
    }

    /// Under the build's row lock: a drained build whose tests did not all pass has each unit
    /// of its failures queued again (their tests only, as the next attempt, for another machine
    /// than the one that failed them while one is alive), once a round. A CI retry of the
    /// build is a round: the first of its machines to join starts it (the build's `round` goes
    /// up); the others join it and queue nothing, even once it is over. A machine that took part
    /// in the current round and joins again is the next retry, and starts the next round; so
    /// does any machine while no re-run was ever queued. One that passed is left as it is.
    /// Returns how the machine joined and the round it joined in.
    private func rerunIfDrained(
        filledBy: String, round: Int, tookPart: Bool, on connection: PostgresConnection
    ) async throws -> (Joined, round: Int) {
        let open = try await connection.query(
            "SELECT count(*) FROM telltale.queue_unit WHERE build_id = \(build) AND state <> 'done'", logger: Self.quiet)
        var openCount = 0
        for try await count in open.decode(Int.self) { openCount = count }
        guard openCount == 0 else { return (.joined(filledBy: filledBy), round) }
        // Each test's last attempt that did not pass, grouped by the unit that ran it.
        let failing = try await connection.query(
            """
            SELECT last.unit_id, u.framework, u.serial, last.attempt, last.test, last.machine
            FROM (SELECT DISTINCT ON (test) test, attempt, unit_id, outcome, machine FROM telltale.queue_result
                  WHERE build_id = \(build) ORDER BY test, attempt DESC) AS last
            JOIN telltale.queue_unit u ON u.build_id = \(build) AND u.id = last.unit_id
            WHERE last.outcome NOT IN ('passed', 'skipped')
            ORDER BY last.unit_id, last.test
            """, logger: Self.quiet)
        var units: [Int: (framework: String, serial: Bool, attempt: Int, tests: [String], machine: String)] = [:]
        for try await (unit, framework, serial, attempt, test, machine) in failing.decode((Int, String, Bool, Int, String, String).self) {
            units[unit, default: (framework, serial, attempt, [], machine)].tests.append(test)
            units[unit]!.attempt = max(units[unit]!.attempt, attempt)
        }
        guard !units.isEmpty else { return (.drained, round) }
        let count = units.values.reduce(0) { $0 + $1.tests.count }
        guard round == 0 || tookPart else { return (.drainedFailing(tests: count), round) }
        for unit in units.keys.sorted() {
            let planned = units[unit]!
            try await connection.query(
                """
                WITH next AS (UPDATE telltale.queue_build SET next_unit = next_unit + 1 WHERE id = \(build) RETURNING next_unit - 1 AS id)
                INSERT INTO telltale.queue_unit (build_id, id, framework, serial, tests, estimated_seconds, attempt, state, avoid_machine)
                SELECT \(build), next.id, \(planned.framework), \(planned.serial), \(planned.tests.joined(separator: "\n")), 0,
                       \(planned.attempt + 1), 'pending', \(planned.machine)
                FROM next
                """, logger: Self.quiet)
        }
        try await connection.query("UPDATE telltale.queue_build SET round = round + 1 WHERE id = \(build)", logger: Self.quiet)
        try await note(
            "re-run of a drained build (round \(round + 1)): \(count) test(s) without a passing result queued again, each once, for another machine than the one that failed it",
            on: connection)
        return (.rerun(units: units.count), round + 1)
    }

    /// This machine's run is over (its bisections and their findings included): it no longer
    /// counts as alive, for a retry waiting for another machine, for `queue report` waiting for
    /// the build's machines, or for another process taking its name.
    package func finish() async throws(PostgresConnectionError) {
        // A retry that avoided this machine may now be anyone's: its listeners are told.
        try await transaction { connection in
            _ = try await connection.query(
                """
                UPDATE telltale.queue_machine SET finished_at = now(), last_seen = now()
                WHERE build_id = \(build) AND machine = \(machine) AND process = \(process)
                """, logger: Self.quiet)
            try await notifyChanged(on: connection)
        }
    }
}
