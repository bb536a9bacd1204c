import PostgresNIO
import TelltalePostgres

extension PostgresWorkQueue {
    /// A machine of a build from the moment it starts, before it has built and listed the tests
    /// and joined: reservations are sized by the machines there (`reserve()`), and one still
    /// listing is there. Without it, the first machine to join sized its first reservations for
    /// itself alone, a few milliseconds before the others joined: on 60 tests of half a second,
    /// three machines started together took 1.44× the static shards' time in one build of two,
    /// the first machine running 27 of the tests in two processes (Docs/Fleet.md).
    package struct Arrival: Sendable {
        package var build: String
        package var machine: String
        /// The workers it means to run (`--workers`, else the plan's, else the cores).
        package var workers: Int

        package init(build: String, machine: String, workers: Int) {
            self.build = build
            self.machine = machine
            self.workers = workers
        }

        /// Written when the machine reaches the database; a CI retry's machine arrives again.
        func record(on connection: PostgresConnection) async throws {
            try await connection.query(
                """
                INSERT INTO telltale.queue_arrival (build_id, machine, workers) VALUES (\(build), \(machine), \(max(1, workers)))
                ON CONFLICT (build_id, machine) DO UPDATE SET workers = EXCLUDED.workers, arrived_at = now()
                """, logger: PostgresConnector.quiet)
        }
    }
}
