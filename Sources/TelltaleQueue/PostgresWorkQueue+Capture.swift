import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres

extension PostgresWorkQueue {
    /// Keeps what this machine captured (`MachineCapture`) for the build's record: one row per
    /// `telltale run` process, so a CI retry's run under the same name adds its own.
    package func recordCapture(_ capture: MachineCapture) async throws(PostgresConnectionError) {
        let (events, checked) = (capture.eventsText, capture.checkedText)
        _ = try await statement { connection in
            try await connection.query(
                """
                INSERT INTO telltale.queue_capture (build_id, machine, process, package_root, events, checked)
                VALUES (\(build), \(machine), \(process), \(capture.packageRoot), \(events), \(checked))
                ON CONFLICT (build_id, machine, process) DO UPDATE SET
                    package_root = EXCLUDED.package_root, events = EXCLUDED.events, checked = EXCLUDED.checked
                """, logger: Self.quiet)
        }
    }

    /// What every machine of the build captured, in the order they kept it; and how many rows
    /// could not be read (written by another version of Telltale).
    package func captures() async throws(PostgresConnectionError) -> (captures: [MachineCapture], unreadable: Int) {
        let rows = try await statement { connection in
            let rows = try await connection.query(
                """
                SELECT machine, package_root, events, checked FROM telltale.queue_capture
                WHERE build_id = \(build) ORDER BY recorded_at, machine
                """, logger: Self.quiet)
            var all: [(String, String?, String, String)] = []
            for try await row in rows.decode((String, String?, String, String).self) { all.append(row) }
            return all
        }
        let read = rows.compactMap { MachineCapture(machine: $0.0, packageRoot: $0.1, events: $0.2, checked: $0.3) }
        return (read, rows.count - read.count)
    }

    /// Every test the build was filled with (its first-attempt units), with its framework, in
    /// the units' order: each must have a result in the build's record.
    package func listedTests() async throws(PostgresConnectionError) -> [(id: TestID, framework: TestFramework)] {
        try await statement { connection in
            let rows = try await connection.query(
                "SELECT framework, tests FROM telltale.queue_unit WHERE build_id = \(build) AND attempt = 1 ORDER BY id", logger: Self.quiet)
            var listed: [(id: TestID, framework: TestFramework)] = []
            for try await (framework, tests) in rows.decode((String, String).self) {
                let kind = TestFramework(rawValue: framework) ?? .xctest
                listed += tests.split(separator: "\n").map { (TestID(String($0)), kind) }
            }
            return listed
        }
    }
}
