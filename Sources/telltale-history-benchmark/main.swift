import Foundation
import PostgresNIO
import TelltaleHistory
import TelltaleModel
import TelltalePostgres

// Times the run history at scale on synthetic runs, in a fresh file (or, with HISTORY_URL set
// to a PostgreSQL database whose user may create databases, in fresh databases beside it):
// 1. recording one run of RECORD_TESTS tests (the median of ROUNDS recordings);
// 2. with RUNS runs × TESTS tests recorded, the queries a run and its reports make:
//    durations for scheduling, the report digest, and the flaky list;
// 3. the file's (or the database's) size.
//
//   [HISTORY_URL=postgres://…] telltale-history-benchmark [RECORD_TESTS] [RUNS] [TESTS] [ROUNDS]

// A missing argument, or one that is not a whole number, takes the default.
let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
let recordTests = arguments.first.flatMap { $0 } ?? 10_000
let runCount = arguments.dropFirst().first.flatMap { $0 } ?? 1_000
let testCount = arguments.dropFirst(2).first.flatMap { $0 } ?? 1_000
let rounds = arguments.dropFirst(3).first.flatMap { $0 } ?? 11

/// A run of `tests` tests: about 3% fail, 1% pass on a retry, durations vary per test and run.
func syntheticRun(_ number: Int, tests: Int) -> RunRecord {
    var results: [TestResult] = []
    results.reserveCapacity(tests)
    for index in 0..<tests {
        let id = TestID("BenchTests.Suite\(index / 40)/test\(index)()")
        // A fixed pseudo-random number below 1000 per test and run, so every benchmark records the
        // same runs: under 30 fails, 990 and over passed on a retry.
        let seed = (index &* 2_654_435_761 &+ number &* 40_503) % 1000
        var result = TestResult(
            id: id, framework: index % 2 == 0 ? .xctest : .swiftTesting, outcome: seed < 30 ? .failed : .passed,
            duration: Double(index % 50 + 1) * 0.01 * (1 + Double(seed % 7) / 10), worker: index % 4 + 1
        )
        if seed >= 990 {
            result.previousAttempts = [TestAttempt(outcome: .failed, duration: result.duration)]
        }
        results.append(result)
    }
    return RunRecord(
        tool: ToolInfo(version: "benchmark"), plan: PlanSummary(name: "bench", path: nil, package: "."),
        // Three runs to a commit, ten minutes apart.
        environment: RunEnvironment(host: "bench", operatingSystem: "linux", gitCommit: String(format: "%040x", number / 3)),
        startedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(number) * 600), duration: 100, tests: results
    )
}

func milliseconds(_ duration: Duration) -> Double { Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000 }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func format(_ value: Double) -> String { String(format: "%.1f", value) }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-history-benchmark-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let clock = ContinuousClock()
let server = try ProcessInfo.processInfo.environment["HISTORY_URL"].map { try PostgresLocation(url: $0) }
var databases: [String] = []

/// A new, empty history named `name`: a file in the folder, or a database beside HISTORY_URL's.
@MainActor
func freshHistory(_ name: String) async throws -> HistoryLocation {
    guard var location = server else { return .file(folder.appendingPathComponent("\(name).sqlite").path) }
    // The process id keeps two benchmarks on one server apart. `CREATE DATABASE` takes no bound
    // parameter, so the name is written into the statement; it is made here of safe characters.
    let database = "telltale_benchmark_\(getpid())_\(name.replacingOccurrences(of: "-", with: "_"))"
    try await PostgresConnector.withConnection(to: location) { connection in
        try await connection.query("CREATE DATABASE \(unescaped: database)", logger: PostgresConnector.quiet)
    }
    databases.append(database)
    location.database = database
    return .postgres(location)
}

@MainActor
/// `body` with the store at `location`; a history that cannot be opened throws, where a run
/// would go on without it.
func withHistory<T>(_ location: HistoryLocation, _ body: (HistoryStore) async throws -> T) async throws -> T {
    try await HistoryStore.withStore(at: location) { opened in try await body(try opened.get()) }
}

// 1. Recording.
var recordTimes: [Double] = []
// A fresh history each round, so every recording starts from the same state.
for round in 0..<rounds {
    try await withHistory(try await freshHistory("record-\(round)")) { store in
        // A history with some runs already, so the test table is not empty.
        try await store.record(syntheticRun(0, tests: recordTests))
        let run = syntheticRun(1, tests: recordTests)
        let elapsed = try await clock.measure { try await store.record(run) }
        recordTimes.append(milliseconds(elapsed))
    }
}
print("record one run of \(recordTests) tests: median \(format(median(recordTimes))) ms over \(rounds) rounds (target < 200 ms)")

// 2. Queries over a long history.
let long = try await freshHistory("history")
try await withHistory(long) { store in
    let filling = try await clock.measure {
        for number in 0..<runCount { try await store.record(syntheticRun(number, tests: testCount)) }
    }
    print("filled \(runCount) runs × \(testCount) tests in \(format(milliseconds(filling) / 1000)) s")
    // The newest recorded run again (runs are made the same each time): the digest a report of it reads.
    let last = syntheticRun(runCount - 1, tests: testCount)
    var durationTimes: [Double] = []
    var digestTimes: [Double] = []
    var flakyTimes: [Double] = []
    for _ in 0..<rounds {
        durationTimes.append(milliseconds(try await clock.measure { _ = try await store.durations() }))
        digestTimes.append(milliseconds(try await clock.measure { _ = try await store.digest(for: last) }))
        flakyTimes.append(milliseconds(try await clock.measure { _ = try await store.flakyScores() }))
    }
    let reportQueries = median(digestTimes) + median(flakyTimes)
    print("durations for scheduling: median \(format(median(durationTimes))) ms")
    print("report digest (trends, strips, flaky rates, slower than usual): median \(format(median(digestTimes))) ms")
    print("flaky list: median \(format(median(flakyTimes))) ms")
    print("a report's queries together: \(format(reportQueries)) ms (target < 300 ms)")
}

// 3. Size, and the databases dropped.
switch long {
case .file(let path):
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    // SQLite's write-ahead log, which holds what is not yet checkpointed into the file; it may not exist.
    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    print("file size: \(format(Double(size) / 1_048_576)) MiB (+ \(format(Double(wal) / 1_048_576)) MiB WAL) for \(runCount * testCount) results")
case .postgres(let location):
    let size = try await PostgresConnector.withConnection(to: location) { connection in
        var bytes = 0
        for try await value in try await connection.query("SELECT pg_database_size(current_database())", logger: PostgresConnector.quiet)
            .decode(Int.self)
        { bytes = value }
        return bytes
    }
    print("database size: \(format(Double(size) / 1_048_576)) MiB for \(runCount * testCount) results (an empty database is about 7.5 MiB)")
}
// Reached only when every step succeeded: a benchmark that throws leaves its databases behind.
if let server {
    try await PostgresConnector.withConnection(to: server) { connection in
        for database in databases { try await connection.query("DROP DATABASE \(unescaped: database)", logger: PostgresConnector.quiet) }
    }
}
