import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

extension PostgresWorkQueue {
    /// Where a build stands: its units done, leased and left, by machine, and its notes.
    package struct Status: Sendable, Equatable {
        package struct Lease: Sendable, Equatable {
            package var unit: Int
            package var machine: String
            package var tests: Int
            /// Seconds until it lapses by the database's clock (negative: lapsed).
            package var expiresIn: Double
        }

        package var build: String
        package var filledBy: String
        package var commit: String?
        package var tests: Int
        /// Units done, by the machine that acknowledged them.
        package var done: [String: Int]
        package var leased: [Lease]
        /// Units nobody holds yet.
        package var left: Int
        package var notes: [String]
        /// Every machine that joined, by name.
        package var machines: [String]
        /// Machines still running: not finished, and seen within their lease. Once the queue is
        /// drained they may still be bisecting order-dependent tests, whose findings join their
        /// results in the queue.
        package var running: [String] = []
        /// The branch and system of the machine that filled the build.
        package var branch: String?
        package var operatingSystem: String?
        /// How many re-runs of its failures the build had (CI retries with its id).
        package var round = 0

        package var isDrained: Bool { leased.isEmpty && left == 0 }
        /// Drained, and no machine is running: every finding is in the queue.
        package var isSettled: Bool { isDrained && running.isEmpty }
    }

    /// The build's state; nil when the queue has no such build.
    package func status() async throws(PostgresConnectionError) -> Status? {
        try await transaction { connection -> Status? in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: Self.quiet)
            let builds = try await connection.query(
                "SELECT filled_by, git_commit, tests, git_branch, operating_system, round FROM telltale.queue_build WHERE id = \(build)",
                logger: Self.quiet)
            var found: (String, String?, Int, String?, String?, Int)?
            for try await row in builds.decode((String, String?, Int, String?, String?, Int).self) { found = row }
            guard let (filledBy, commit, tests, branch, system, round) = found else { return nil }
            var status = Status(
                build: build, filledBy: filledBy, commit: commit, tests: tests, done: [:], leased: [], left: 0, notes: [], machines: [])
            (status.branch, status.operatingSystem, status.round) = (branch, system, round)
            let units = try await connection.query(
                """
                SELECT id, state, lease_holder, array_length(string_to_array(tests, E'\\n'), 1),
                       COALESCE(EXTRACT(EPOCH FROM lease_expires_at - now())::double precision, 0)
                FROM telltale.queue_unit WHERE build_id = \(build) ORDER BY id
                """, logger: Self.quiet)
            for try await (id, state, holder, count, expiresIn) in units.decode((Int, String, String?, Int?, Double).self) {
                switch state {
                case "done": status.done[holder ?? "?", default: 0] += 1
                case "leased": status.leased.append(Status.Lease(unit: id, machine: holder ?? "?", tests: count ?? 0, expiresIn: expiresIn))
                default: status.left += 1
                }
            }
            let notes = try await connection.query(
                "SELECT machine, text FROM telltale.queue_note WHERE build_id = \(build) ORDER BY noted_at, text", logger: Self.quiet)
            for try await (machine, text) in notes.decode((String, String).self) { status.notes.append("\(machine): \(text)") }
            let machines = try await connection.query(
                """
                SELECT machine, finished_at IS NULL AND last_seen > now() - make_interval(secs => COALESCE(lease_seconds, \(leaseSeconds)))
                FROM telltale.queue_machine WHERE build_id = \(build) ORDER BY machine
                """, logger: Self.quiet)
            for try await (machine, running) in machines.decode((String, Bool).self) {
                status.machines.append(machine)
                if running { status.running.append(machine) }
            }
            return status
        }
    }

    /// Every test's result for the build, once each: its last attempt, carrying the earlier
    /// ones, with the machine that ran it; in test id order.
    package func results() async throws(PostgresConnectionError) -> [TestResult] {
        let texts = try await transaction { connection in
            let rows = try await connection.query(
                "SELECT result FROM telltale.queue_result WHERE build_id = \(build) ORDER BY test, attempt", logger: Self.quiet)
            var texts: [String] = []
            for try await text in rows.decode(String.self) { texts.append(text) }
            return texts
        }
        return QueueResultRows.finalResults(texts.compactMap(QueueResultRows.decode))
    }

    /// Removes the builds filled more than `days` days ago (the database's clock), with their
    /// units, results, machines and notes; returns how many.
    package static func prune(
        olderThan days: Double, client: PostgresClient, location: PostgresLocation,
        within limit: Duration = PostgresConnector.defaultCallTimeout
    ) async throws(PostgresConnectionError) -> Int {
        try await PostgresConnector.transaction(on: client, at: location, within: limit) { connection in
            let rows = try await connection.query(
                "DELETE FROM telltale.queue_build WHERE filled_at < now() - make_interval(secs => \(days * 86_400)) RETURNING id",
                logger: PostgresConnector.quiet)
            let pruned = try await rows.collect().count
            try await connection.query(
                "DELETE FROM telltale.queue_arrival WHERE arrived_at < now() - make_interval(secs => \(days * 86_400))",
                logger: PostgresConnector.quiet)
            return pruned
        }
    }
}
