import Foundation
import PostgresNIO
import TelltaleModel
import TelltalePostgres
import TelltaleQueue
import TelltaleRunner
import TelltaleTestSupport

/// A fresh database of the test cluster with the queue's tables, and queues of one build on
/// it as several machines would hold them.
struct QueueDatabase {
    var database: PostgresCluster.Database
    var location: PostgresLocation

    static func make(_ label: String) async throws -> QueueDatabase {
        let database = try await PostgresCluster.shared.database(label)
        let location = try PostgresLocation(url: database.url(), environment: [:])
        try await PostgresWorkQueue.prepare(location)
        return QueueDatabase(database: database, location: location)
    }

    /// `body` with a pooled client on the database.
    func withClient<T>(_ body: (PostgresClient) async throws -> T) async throws -> T {
        try await PostgresConnector.withClient(for: location) { client in try await body(client) }
    }

    /// A machine's queue. The lease defaults to an hour: the tests lapse leases (and machines) by
    /// moving the database's clock, and a 30 s lease lapsed by itself on a loaded machine, handing a
    /// retry back to the machine that failed it.
    func queue(_ client: PostgresClient, build: String = "b1", machine: String, lease: Double = 3600, workers: Int = 1) -> PostgresWorkQueue {
        var queue = PostgresWorkQueue(client: client, location: location, build: build, machine: machine, leaseSeconds: lease)
        queue.workers = workers
        // Calls given up after ten minutes, for the same reason: with a release build beside the
        // suite, ten machines joining at once took over 30 s.
        queue.callTimeout = .seconds(600)
        return queue
    }

    /// Runs `sql` as the superuser: to move a lease's expiry or a build's age on the database's clock.
    func sql(_ sql: String) async throws -> String {
        try await PostgresCluster.shared.sql(sql, in: database.name)
    }

    /// `count` XCTest tests, `Module.Suite/testN`, one unit each, test N taking N seconds (or,
    /// not `timed`, without past durations); `serial` tests `Module.Serial/testN` as a plan's serial suite.
    static func listing(
        _ count: Int, commit: String = "c0ffee", extra: String? = nil, timed: Bool = true, serial: Int = 0
    ) -> PostgresWorkQueue.Listing {
        var tests = (1...count).map { ListedTest(id: TestID("Module.Suite/test\($0)"), framework: .xctest) }
        if let extra { tests.append(ListedTest(id: TestID(extra), framework: .xctest)) }
        let serialTests = (0..<serial).map { ListedTest(id: TestID("Module.Serial/test\($0 + 1)"), framework: .xctest) }
        tests += serialTests
        let durations = Dictionary(uniqueKeysWithValues: tests.enumerated().map { ($0.element.id.timingKey, Double($0.offset + 1)) })
        return PostgresWorkQueue.Listing(
            digest: PostgresWorkQueue.Listing.digest(of: tests.map(\.id)), commit: commit, tests: tests.count,
            // One unit a test (as a shuffled run's are), whatever their class: these tests are about the queue.
            units: SharedUnitPlanner.plan(
                tests, durations: timed ? durations : [:], serialGroups: Dictionary(uniqueKeysWithValues: serialTests.map { ($0.id, "serial") }),
                wholeClasses: false
            ).units)
    }

    /// One worker's loop, as `telltale run --queue` runs it: reserve, run (every test passes), acknowledge.
    static func drain(_ session: QueueSession, worker: Int) async throws -> [TestID] {
        var ran: [TestID] = []
        while case let units = try await session.reserve(worker: worker), !units.isEmpty {
            let tests = units.flatMap(\.tests)
            ran += tests
            try await session.acknowledge(units, results: tests.map { result($0, .passed) })
        }
        return ran
    }

    static func result(_ id: TestID, _ outcome: TestOutcome) -> TestResult {
        TestResult(id: id, framework: .xctest, outcome: outcome, duration: 0.1, output: "ran \(id)")
    }
}
