import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner

/// `telltale-queue-benchmark URL [MACHINES] [TESTS] [WORKERS]` (Scripts/benchmark-queue.sh):
/// MACHINES sessions of WORKERS workers each drain one build of TESTS tiny units (an XCTest test
/// each) against the database at URL, as `telltale run --queue` machines would, with no test
/// process: what is measured is the queue alone. Prints the time each reservation (of several
/// units, as `reserve()` sizes it) and each acknowledgement took (mean, median, p95, as a worker waits for it), the wall time, every
/// test's count in the results (each must be 1), and the build's rows and bytes.
@main
struct QueueBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: telltale-queue-benchmark URL [MACHINES] [TESTS] [WORKERS]\n".utf8))
            exit(2)
        }
        // An optional argument that is missing or not a whole number takes the default.
        let machines = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
        let testCount = arguments.count > 3 ? Int(arguments[3]) ?? 2000 : 2000
        let workers = arguments.count > 4 ? Int(arguments[4]) ?? 2 : 2
        let location = try PostgresLocation(url: arguments[1])
        // Migrates the queue tables on a connection of its own: also the check that the server is there.
        try await PostgresWorkQueue.prepare(location)
        // A fresh build id each run, so runs against the same database never share rows.
        let build = "bench-\(UUID().uuidString.prefix(8))"
        let tests = (1...testCount).map { ListedTest(id: TestID("Bench.Tiny/test\($0)"), framework: .xctest) }
        let listing = PostgresWorkQueue.Listing(
            digest: PostgresWorkQueue.Listing.digest(of: tests.map(\.id)), commit: "bench", tests: testCount,
            // One unit a test: the benchmark measures the queue's calls, so it wants many units.
            units: SharedUnitPlanner.plan(tests, durations: [:], wholeClasses: false).units)
        // The wall time includes the joins: the first machine fills the queue in its join's transaction.
        let clock = ContinuousClock()
        let started = clock.now
        let timings = try await PostgresConnector.withClient(for: location) { client in
            try await withThrowingTaskGroup(of: ([Double], [Double]).self) { group in
                for machine in 1...machines {
                    // Every machine shares the one client's connection pool, as no real fleet does; the joins run
                    // one after another, so the first machines' workers start before the last machines join.
                    var queue = PostgresWorkQueue(client: client, location: location, build: build, machine: "machine-\(machine)")
                    queue.workers = workers
                    // No `withHeartbeat`: nothing listens, so a worker with nothing open polls, and the default
                    // 30-second leases outlast the tiny units without renewal.
                    let session = QueueSession(queue: queue)
                    _ = try await session.queue.join(listing)
                    for worker in 1...workers {
                        group.addTask {
                            var reserves: [Double] = []
                            var acks: [Double] = []
                            while true {
                                let before = clock.now
                                let units = try await session.reserve(worker: worker)
                                // Empty only once the build is drained; that last call is not timed.
                                guard !units.isEmpty else { break }
                                reserves.append((clock.now - before).milliseconds)
                                // Every test passed in a millisecond: no test process runs, so only the queue's calls take time.
                                let results = units.flatMap(\.tests).map { TestResult(id: $0, framework: .xctest, outcome: .passed, duration: 0.001) }
                                let acking = clock.now
                                try await session.acknowledge(units, results: results)
                                acks.append((clock.now - acking).milliseconds)
                            }
                            return (reserves, acks)
                        }
                    }
                }
                var all = ([Double](), [Double]())
                for try await (reserves, acks) in group {
                    all.0 += reserves
                    all.1 += acks
                }
                return all
            }
        }
        let wall = (clock.now - started).milliseconds
        // What the database holds once the build is drained: each test's result exactly once is
        // the queue's promise; rows and bytes are the storage a build of this size costs.
        // `\(build)` in a query is a bound parameter (PostgresNIO's interpolation), not spliced text.
        let (counts, rows, bytes) = try await PostgresConnector.withConnection(to: location) { connection in
            let counted = try await connection.query(
                "SELECT count(*), count(DISTINCT test), max(attempt) FROM telltale.queue_result WHERE build_id = \(build)",
                logger: PostgresConnector.quiet)
            // Rows, distinct tests and the highest attempt; the last is read but not printed.
            var counts = (0, 0, 0)
            for try await row in counted.decode((Int, Int, Int).self) { counts = row }
            // The build's units, results and machines, plus its one `queue_build` row; notes and
            // captures are not counted.
            let sized = try await connection.query(
                """
                SELECT (SELECT count(*) FROM telltale.queue_unit WHERE build_id = \(build))
                     + (SELECT count(*) FROM telltale.queue_result WHERE build_id = \(build))
                     + (SELECT count(*) FROM telltale.queue_machine WHERE build_id = \(build)) + 1,
                       (SELECT COALESCE(sum(pg_column_size(u.*)), 0) FROM telltale.queue_unit u WHERE build_id = \(build))
                     + (SELECT COALESCE(sum(pg_column_size(r.*)), 0) FROM telltale.queue_result r WHERE build_id = \(build))
                     + (SELECT COALESCE(sum(pg_column_size(m.*)), 0) FROM telltale.queue_machine m WHERE build_id = \(build))
                """, logger: PostgresConnector.quiet)
            var size = (0, 0)
            for try await row in sized.decode((Int, Int).self) { size = row }
            return (counts, size.0, size.1)
        }
        /// Mean, median (the upper of two middle values) and 95th percentile, in milliseconds.
        func summary(_ values: [Double]) -> String {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return "none" }
            let mean = sorted.reduce(0, +) / Double(sorted.count)
            return String(
                format: "mean %.2f ms, median %.2f ms, p95 %.2f ms (%d)", mean, sorted[sorted.count / 2], sorted[sorted.count * 95 / 100],
                sorted.count)
        }
        print("queue: \(machines) machines x \(workers) workers, \(testCount) tiny units, build \(build)")
        print("reserve: \(summary(timings.0)), \(String(format: "%.1f", Double(testCount) / Double(max(1, timings.0.count)))) units a reservation")
        print("acknowledge: \(summary(timings.1))")
        print(String(format: "wall: %.0f ms, %.2f ms of wall time per unit", wall, wall / Double(testCount)))
        print("results: \(counts.0) rows for \(counts.1) distinct tests (each once: \(counts.0 == testCount && counts.1 == testCount))")
        print("stored for the build: \(rows) rows, \(bytes) bytes of row data (\(bytes / max(1, testCount)) bytes a test)")
        // A test lost or counted twice fails the run, so a script can check the queue's correctness.
        if counts.0 != testCount || counts.1 != testCount { exit(1) }
    }
}

extension Duration {
    /// The duration in milliseconds (an attosecond is 1e-18 s, so 1e15 of them make one).
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
