import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleRunner

extension PostgresWorkQueue {
    /// Renews the leases of these reservations (the ones this machine still runs) and marks
    /// the machine alive; a lease taken over meanwhile is not renewed.
    package func renew(_ tokens: [Int64]) async throws(PostgresConnectionError) {
        try await transaction { connection in
            if !tokens.isEmpty {
                try await connection.query(
                    """
                    UPDATE telltale.queue_unit SET lease_expires_at = now() + make_interval(secs => \(leaseSeconds))
                    WHERE build_id = \(build) AND state = 'leased' AND lease_token = ANY(\(tokens)::bigint[])
                    """, logger: Self.quiet)
            }
            try await seen(on: connection)
        }
    }

    private func seen(on connection: PostgresConnection) async throws {
        try await connection.query(
            "UPDATE telltale.queue_machine SET last_seen = now() WHERE build_id = \(build) AND machine = \(machine)", logger: Self.quiet)
    }

    /// Marks each of `units` done with its own tests' results (of `results`), in one
    /// transaction; a unit whose lease lapsed and was taken over by another reservation is not
    /// counted, and noted. Returns the units counted.
    @discardableResult
    package func acknowledge(_ units: [SharedWorkUnit], results: [TestResult]) async throws(PostgresConnectionError) -> [SharedWorkUnit] {
        guard !units.isEmpty else { return [] }
        let byTest = Dictionary(results.map { ($0.id, $0) }) { _, last in last }
        let ids = units.map(\.id)
        let tokens = units.map(\.lease)
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                UPDATE telltale.queue_unit SET state = 'done', lease_expires_at = NULL
                WHERE build_id = \(build) AND state = 'leased'
                  AND (id, lease_token) IN (SELECT * FROM unnest(\(ids)::integer[], \(tokens)::bigint[]))
                RETURNING id
                """, logger: Self.quiet)
            var done: Set<Int> = []
            for try await id in rows.decode(Int.self) { done.insert(id) }
            let counted = units.filter { done.contains($0.id) }
            try await insert(QueueResultRows(counted.map { ($0, $0.tests.compactMap { byTest[$0] }) }, machine: machine), on: connection)
            for unit in units where !done.contains(unit.id) { try await note(lateNote(unit), on: connection) }
            if !counted.isEmpty { try await notifyChanged(on: connection) }
            return counted
        }
    }

    /// `acknowledge(_:results:)` of one unit: false, with a note, when its lease lapsed and
    /// another reservation took it over (the late result is not counted).
    @discardableResult
    package func acknowledge(_ unit: SharedWorkUnit, results: [TestResult]) async throws(PostgresConnectionError) -> Bool {
        try await !acknowledge([unit], results: results).isEmpty
    }

    /// Records `results` (failures with a retry left) as `unit`'s attempt and queues their next
    /// attempt as a unit of its own, which another machine takes when one is free. Nothing
    /// happens, bar a note, when the lease was taken over.
    @discardableResult
    package func retry(
        _ unit: SharedWorkUnit, results: [TestResult], framework: TestFramework, serial: Bool
    ) async throws(PostgresConnectionError) -> Bool {
        let rows = QueueResultRows(results, unit: unit, machine: machine)
        let tests = results.map(\.id.rawValue).joined(separator: "\n")
        let seconds = results.reduce(0) { $0 + $1.duration }
        return try await transaction { connection in
            guard try await stillHeld(unit, on: connection) else {
                try await note(lateNote(unit), on: connection)
                return false
            }
            try await insert(rows, on: connection)
            try await connection.query(
                """
                WITH next AS (UPDATE telltale.queue_build SET next_unit = next_unit + 1 WHERE id = \(build) RETURNING next_unit - 1 AS id)
                INSERT INTO telltale.queue_unit (build_id, id, framework, serial, tests, estimated_seconds, attempt, state, avoid_machine)
                SELECT \(build), next.id, \(framework.rawValue), \(serial), \(tests), \(seconds), \(unit.attempt + 1), 'pending', \(machine)
                FROM next
                """, logger: Self.quiet)
            try await notifyChanged(on: connection)
            return true
        }
    }

    /// Whether this reservation still holds `unit` (locking its row).
    private func stillHeld(_ unit: SharedWorkUnit, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query(
            """
            SELECT id FROM telltale.queue_unit
            WHERE build_id = \(build) AND id = \(unit.id) AND state = 'leased' AND lease_token = \(unit.lease) FOR UPDATE
            """, logger: Self.quiet)
        return try await rows.collect().count == 1
    }

    private func lateNote(_ unit: SharedWorkUnit) -> String {
        "late result from \(machine) for unit \(unit.id) (attempt \(unit.attempt)) dropped, not counted: its lease lapsed and another reservation took it over"
    }

    private func insert(_ rows: QueueResultRows, on connection: PostgresConnection) async throws {
        guard !rows.tests.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO telltale.queue_result (build_id, test, attempt, unit_id, machine, outcome, result)
            SELECT \(build), r.test, r.attempt, r.unit, \(machine), r.outcome, r.result
            FROM unnest(\(rows.tests)::text[], \(rows.attempts)::integer[], \(rows.units)::integer[], \(rows.outcomes)::text[], \(rows.results)::text[])
                AS r(test, attempt, unit, outcome, result)
            ON CONFLICT (build_id, test, attempt) DO NOTHING
            """, logger: Self.quiet)
    }

    /// Whether every unit is done: nothing pending, nothing leased.
    package func isDrained() async throws(PostgresConnectionError) -> Bool {
        try await statement { connection in
            let rows = try await connection.query(
                "SELECT count(*) FROM telltale.queue_unit WHERE build_id = \(build) AND state <> 'done'", logger: Self.quiet)
            var open = 0
            for try await count in rows.decode(Int.self) { open = count }
            return open == 0
        }
    }

    /// The earlier attempts of a retried unit's tests, each test's last one carrying those
    /// before it (`TestResult.previousAttempts`).
    package func earlierResults(of unit: SharedWorkUnit) async throws(PostgresConnectionError) -> [TestResult] {
        let tests = unit.tests.map(\.rawValue)
        let rows = try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT result FROM telltale.queue_result
                WHERE build_id = \(build) AND test = ANY(\(tests)::text[]) AND attempt < \(unit.attempt)
                ORDER BY test, attempt
                """, logger: Self.quiet)
            var texts: [String] = []
            for try await text in rows.decode(String.self) { texts.append(text) }
            return texts
        }
        return QueueResultRows.finalResults(rows.compactMap(QueueResultRows.decode))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
