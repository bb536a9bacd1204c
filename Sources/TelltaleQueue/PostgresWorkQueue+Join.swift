import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

extension PostgresWorkQueue {
    /// How a machine came into its build.
    public enum Joined: Sendable, Equatable {
        /// It arrived first and filled the queue with this many units.
        case filled(units: Int)
        /// Another machine had filled it; this one helps with what is left.
        case joined(filledBy: String)
        /// The build was drained with tests that never passed (a CI re-run with the same build
        /// id): their units are queued again, this many.
        case rerun(units: Int)
        /// The build was drained and every test passed: nothing is left to do.
        case drained
    }

    /// What one machine found when it listed its tests, to check it against the build's.
    public struct Listing: Sendable {
        /// `digest(of:)` of the tests selected.
        public var digest: String
        public var commit: String?
        public var tests: Int
        public var units: [SharedUnitPlanner.Unit]

        public init(digest: String, commit: String?, tests: Int, units: [SharedUnitPlanner.Unit]) {
            self.digest = digest
            self.commit = commit
            self.tests = tests
            self.units = units
        }

        /// The same tests give the same digest whatever order they were listed in.
        public static func digest(of tests: [TestID]) -> String {
            SourceDigest.of(Data(tests.map(\.rawValue).sorted().joined(separator: "\n").utf8))
        }
    }

    private enum Found: Sendable {
        case joined(Joined)
        case mismatch(filledBy: String, commit: String?)
    }

    /// Fills the queue if this machine is the first, in one transaction; otherwise waits for the
    /// fill (the insert of the build's row waits for the transaction that made it) and checks
    /// that this machine listed the same tests. A machine with another listing is refused.
    public func join(_ listing: Listing) async throws -> Joined {
        let found = try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO telltale.queue_build (id, listing_digest, filled_by, git_commit, tests, next_unit)
                VALUES (\(build), \(listing.digest), \(machine), \(listing.commit), \(listing.tests), \(listing.units.count + 1))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: Self.quiet)
            let filled = try await inserted.collect().count == 1
            if filled {
                try await register(listing.commit, on: connection)
                try await insertUnits(listing.units, on: connection)
                return Found.joined(.filled(units: listing.units.count))
            }
            let rows = try await connection.query(
                "SELECT listing_digest, filled_by, git_commit FROM telltale.queue_build WHERE id = \(build) FOR NO KEY UPDATE",
                logger: Self.quiet)
            var existing: (String, String, String?)?
            for try await row in rows.decode((String, String, String?).self) { existing = row }
            guard let (digest, filledBy, commit) = existing else { return Found.joined(.joined(filledBy: "?")) }
            guard digest == listing.digest else { return Found.mismatch(filledBy: filledBy, commit: commit) }
            // The build's row is locked first, then the machine's row (which takes a key-share lock
            // on it) added: joiners queue up on the row instead of deadlocking over it.
            try await register(listing.commit, on: connection)
            return Found.joined(try await rerunIfDrained(filledBy: filledBy, on: connection))
        }
        switch found {
        case .joined(let joined): return joined
        case .mismatch(let filledBy, let commit):
            throw QueueError(
                .listingMismatch,
                "build \(build): this machine (\(machine), commit \(listing.commit ?? "unknown")) listed other tests than the machine that filled the queue (\(filledBy), commit \(commit ?? "unknown")); every machine of a build must run the same commit and plan: pass another --build for another commit"
            )
        }
    }

    private func register(_ commit: String?, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO telltale.queue_machine (build_id, machine, git_commit, workers) VALUES (\(build), \(machine), \(commit), \(workers))
            ON CONFLICT (build_id, machine) DO UPDATE SET last_seen = now(), workers = EXCLUDED.workers
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
    /// of its failures queued again (their tests only, as the next attempt); one that passed is
    /// left as it is.
    private func rerunIfDrained(filledBy: String, on connection: PostgresConnection) async throws -> Joined {
        let open = try await connection.query(
            "SELECT count(*) FROM telltale.queue_unit WHERE build_id = \(build) AND state <> 'done'", logger: Self.quiet)
        var openCount = 0
        for try await count in open.decode(Int.self) { openCount = count }
        guard openCount == 0 else { return .joined(filledBy: filledBy) }
        // Each test's last attempt that did not pass, grouped by the unit that ran it.
        let failing = try await connection.query(
            """
            SELECT last.unit_id, u.framework, u.serial, last.attempt, last.test
            FROM (SELECT DISTINCT ON (test) test, attempt, unit_id, outcome FROM telltale.queue_result
                  WHERE build_id = \(build) ORDER BY test, attempt DESC) AS last
            JOIN telltale.queue_unit u ON u.build_id = \(build) AND u.id = last.unit_id
            WHERE last.outcome NOT IN ('passed', 'skipped')
            ORDER BY last.unit_id, last.test
            """, logger: Self.quiet)
        var units: [Int: (framework: String, serial: Bool, attempt: Int, tests: [String])] = [:]
        for try await (unit, framework, serial, attempt, test) in failing.decode((Int, String, Bool, Int, String).self) {
            units[unit, default: (framework, serial, attempt, [])].tests.append(test)
            units[unit]!.attempt = max(units[unit]!.attempt, attempt)
        }
        guard !units.isEmpty else { return .drained }
        for unit in units.keys.sorted() {
            let planned = units[unit]!
            try await connection.query(
                """
                INSERT INTO telltale.queue_unit (build_id, id, framework, serial, tests, estimated_seconds, attempt, state)
                SELECT \(build), next_unit, \(planned.framework), \(planned.serial), \(planned.tests.joined(separator: "\n")), 0,
                       \(planned.attempt + 1), 'pending'
                FROM telltale.queue_build WHERE id = \(build)
                """, logger: Self.quiet)
            try await connection.query("UPDATE telltale.queue_build SET next_unit = next_unit + 1 WHERE id = \(build)", logger: Self.quiet)
        }
        let count = units.values.reduce(0) { $0 + $1.tests.count }
        try await note("re-run of a drained build: \(count) test(s) without a passing result queued again", on: connection)
        return .rerun(units: units.count)
    }
}
