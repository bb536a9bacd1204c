import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

extension PostgresWorkQueue {
    /// What this machine's bisections found after the queue drained, kept with the results they
    /// explain: each test's last attempt this machine ran gets its `orderDependency`, so the
    /// build's record (`queue report`, which waits for the machines still running) has it as a
    /// machine's own record does. One transaction; tests this machine has no result for are left.
    package func recordOrderDependencies(_ dependencies: [TestID: OrderDependency]) async throws(PostgresConnectionError) {
        guard !dependencies.isEmpty else { return }
        let tests = dependencies.keys.map(\.rawValue).sorted()
        try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT r.test, r.attempt, r.result FROM telltale.queue_result r
                WHERE r.build_id = \(build) AND r.machine = \(machine) AND r.test = ANY(\(tests)::text[])
                  AND r.attempt = (SELECT max(x.attempt) FROM telltale.queue_result x
                                   WHERE x.build_id = r.build_id AND x.test = r.test AND x.machine = r.machine)
                FOR UPDATE
                """, logger: Self.quiet)
            var updated: (tests: [String], attempts: [Int], results: [String]) = ([], [], [])
            for try await (test, attempt, text) in rows.decode((String, Int, String).self) {
                guard var result = QueueResultRows.decode(text), let dependency = dependencies[TestID(test)] else { continue }
                result.orderDependency = dependency
                updated.tests.append(test)
                updated.attempts.append(attempt)
                updated.results.append(QueueResultRows.encode(result))
            }
            guard !updated.tests.isEmpty else { return }
            try await connection.query(
                """
                UPDATE telltale.queue_result SET result = u.result
                FROM unnest(\(updated.tests)::text[], \(updated.attempts)::integer[], \(updated.results)::text[]) AS u(test, attempt, result)
                WHERE queue_result.build_id = \(build) AND queue_result.test = u.test AND queue_result.attempt = u.attempt
                """, logger: Self.quiet)
        }
    }
}
