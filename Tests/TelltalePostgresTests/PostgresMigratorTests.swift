import Foundation
import PostgresNIO
import TelltaleTestSupport
import Testing

@testable import TelltalePostgres

/// Migrations, the pooled client's lifecycle and transactions run again after a deadlock,
/// against the test support's real cluster.
@Suite(.tags(.medium))
struct PostgresMigratorTests {
    static let migrator = PostgresMigrator(
        component: "probe",
        migrations: [
            .init(version: 1, name: "a table", statements: ["CREATE TABLE telltale.probe (id integer PRIMARY KEY, note text)"]),
            .init(version: 2, name: "a column", statements: ["ALTER TABLE telltale.probe ADD COLUMN seen boolean NOT NULL DEFAULT false"]),
        ])

    /// Twenty connections migrating a new database at once: the advisory lock makes them take
    /// turns, so each version is applied once and every one of them succeeds.
    @Test func twentyConnectionsMigratingANewDatabaseAtOnceAllSucceed() async throws {
        let database = try await PostgresCluster.shared.database("migrate")
        let location = try PostgresLocation(url: database.url(), environment: [:])
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await PostgresConnector.withConnection(to: location) { try await Self.migrator.migrate($0) }
                }
            }
            return try await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(applied.sorted() == [1, 2])
        let rows = try await PostgresCluster.shared.sql(
            "SELECT component || ' ' || version FROM telltale.schema_migrations ORDER BY version", in: database.name)
        #expect(rows == "probe 1\nprobe 2\n")
        // Up to date: nothing more to apply, and the check needs no lock.
        #expect(try await PostgresConnector.withConnection(to: location) { try await Self.migrator.migrate($0) }.isEmpty)
    }

    /// The client's background work lives in the call's task group: once the body has returned,
    /// the pool is shut down and a client that escaped it cannot be used.
    @Test func aClientRunsExactlyAsLongAsItsBody() async throws {
        let database = try await PostgresCluster.shared.database("client")
        let location = try PostgresLocation(url: database.url(), environment: [:])
        let escaped = try await PostgresConnector.withClient(for: location) { client in
            let rows = try await client.query("SELECT 40 + 2")
            for try await value in rows.decode(Int.self) { #expect(value == 42) }
            return client
        }
        await #expect(throws: (any Error).self) { try await escaped.query("SELECT 1") }
    }

    /// Two transactions that lock two rows in opposite orders deadlock; the server rolls one
    /// back, and `transaction` runs that one again, so both get through.
    @Test func aTransactionTheServerRolledBackForADeadlockRunsAgain() async throws {
        let database = try await PostgresCluster.shared.database("deadlock")
        let location = try PostgresLocation(url: database.url(), environment: [:])
        try await PostgresConnector.withConnection(to: location) { connection in
            try await Self.migrator.migrate(connection)
            try await connection.query("INSERT INTO telltale.probe (id, note) VALUES (1, ''), (2, '')", logger: PostgresConnector.quiet)
        }
        let attempts = Counter()
        let bothHoldOne = Barrier(parties: 2)
        try await PostgresConnector.withClient(for: location) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (first, second) in [(1, 2), (2, 1)] {
                    group.addTask {
                        try await PostgresConnector.transaction(on: client, at: location) { connection in
                            let attempt = await attempts.next()
                            try await connection.query(
                                "UPDATE telltale.probe SET note = note || 'x' WHERE id = \(first)", logger: PostgresConnector.quiet)
                            // Only the first two attempts meet here: each then waits for the other's row.
                            if attempt <= 2 { await bothHoldOne.arrive() }
                            try await connection.query(
                                "UPDATE telltale.probe SET note = note || 'y' WHERE id = \(second)", logger: PostgresConnector.quiet)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(await attempts.count == 3)
        let notes = try await PostgresCluster.shared.sql("SELECT length(note) FROM telltale.probe ORDER BY id", in: database.name)
        #expect(notes == "2\n2\n")
    }
}

/// Counts attempts across tasks.
actor Counter {
    private(set) var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}

/// Lets `parties` tasks go on only once all of them have arrived.
actor Barrier {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        if waiting.count + 1 == parties {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
