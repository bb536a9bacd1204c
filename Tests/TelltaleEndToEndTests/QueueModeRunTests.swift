import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Queue mode through the real `telltale`: several `telltale run --queue` processes ("machines")
/// share a build of Tests/Fixtures/QueueModeFixture, against the test support's PostgreSQL.
@Suite(.tags(.large))
struct QueueModeRunTests {
    static let fixture = "Tests/Fixtures/QueueModeFixture"

    /// Three machines with two workers each share a build of 60 tests: each machine reports
    /// what it ran (part of the build), in fewer test processes than units (a reservation takes
    /// several), they ran disjoint parts that make the whole, and
    /// `queue report` writes every test exactly once with the machine that ran it. No file
    /// written and nothing printed holds the database's password.
    @Test func threeMachinesShareABuildEveryTestOnce() async throws {
        let database = try await PostgresCluster.shared.database("e2e_three")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeThree")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let machines = ["m1", "m2", "m3"]
        let runs = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for machine in machines {
                group.addTask {
                    try await Self.machine(machine, database.url(), build: "three", folder: folder, ["--filter", "WaitCases"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        var ranByMachine: [String: [String]] = [:]
        for machine in machines {
            let record = try RunRecordFile.read(path: "\(folder)/\(machine)/run.json")
            ranByMachine[machine] = record.tests.map(\.id.rawValue)
            #expect(record.notes.contains { $0.hasPrefix("part of build three: machine \(machine)") }, "\(record.notes)")
        }
        let ran = ranByMachine.values.flatMap { $0 }
        #expect(ran.count == 60)
        #expect(Set(ran).count == 60)
        // A reservation takes several units, run in one test process: fewer processes than the 60 units.
        var processes = 0
        for machine in machines {
            let logs = "\(folder)/\(machine)/logs"
            for log in try FileManager.default.contentsOfDirectory(atPath: logs) where log.hasPrefix("worker-") {
                processes += try String(contentsOfFile: "\(logs)/\(log)", encoding: .utf8).split(separator: "\n").count { $0.hasPrefix("==> ") }
            }
        }
        #expect(processes > 0 && processes < 45, "\(processes) test processes for 60 units")

        let report = try await TelltaleProcess.run([
            "queue", "report", "--queue", database.url(), "--build", "three", "--report-dir", "\(folder)/build", "--wait", "60",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        #expect(build.tests.count == 60)
        #expect(Set(build.tests.map(\.id)).count == 60)
        for test in build.tests {
            let machine = try #require(test.machine)
            #expect(ranByMachine[machine]?.contains(test.id.rawValue) == true, "\(test.id) on \(machine)")
        }
        let status = try await TelltaleProcess.run(["queue", "status", "--queue", database.url(), "--build", "three"])
        #expect(status.stdout.contains("build three: 60 tests, filled by m"), "\(status.stdout)\(status.stderr)")
        #expect(status.stdout.contains("drained"))

        var texts = (runs + [report, status]).flatMap { [$0.stdout, $0.stderr] }
        for file in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? [] {
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)") else { continue }
            texts.append(String(decoding: data, as: UTF8.self))
        }
        let secrets = [database.password, database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!]
        #expect(texts.count > 20)
        for text in texts { for secret in secrets { #expect(!text.contains(secret)) } }
    }

    /// A machine killed with SIGKILL while it holds leases: the other machines take its units
    /// over once the leases lapse, and the build's report has every test exactly once.
    @Test func aMachineKilledHoldingLeasesLeavesEveryTestOnce() async throws {
        let database = try await PostgresCluster.shared.database("e2e_kill")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeKill")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let doomed = try Self.start(
            Self.arguments("doomed", database.url(), build: "kill", folder: folder, ["--filter", "WaitCases0[1-9]/", "--lease-timeout", "3"]),
            environment: ["QUEUE_FIXTURE_SECONDS": "5"])
        // Until it holds leases, by the database's account.
        func leases() async throws -> String {
            guard try await PostgresCluster.shared.sql("SELECT 1 FROM pg_tables WHERE tablename = 'queue_unit'", in: database.name) == "1\n"
            else { return "0\n" }
            return try await PostgresCluster.shared.sql(
                "SELECT count(*) FROM telltale.queue_unit WHERE state = 'leased' AND lease_holder = 'doomed'", in: database.name)
        }
        // Polled: the database has no signal for it. A machine that ends first ends the wait.
        while try await leases() == "0\n" {
            try #require(doomed.isRunning, "the doomed machine ended before it held a lease")
            try await Task.sleep(for: .milliseconds(200))
        }
        kill(doomed.processIdentifier, SIGKILL)
        await ChildProcesses.waitForExit(doomed)
        let survivors = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for machine in ["s1", "s2"] {
                group.addTask {
                    try await Self.machine(
                        machine, database.url(), build: "kill", folder: folder, ["--filter", "WaitCases0[1-9]/", "--lease-timeout", "3"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in survivors { #expect(run.status == 0, "\(run.stderr)") }
        let report = try await TelltaleProcess.run([
            "queue", "report", "--queue", database.url(), "--build", "kill", "--report-dir", "\(folder)/build", "--wait", "60",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        #expect(build.tests.map(\.id.rawValue).sorted() == (1...9).map { "QueueModeFixtureTests.WaitCases0\($0)/testWait" })
        // Units the doomed machine finished before it died count as its own (a loaded machine may
        // finish one before the poll above sees its lease); the ones it held were taken over.
        let ran = build.tests.map { "\($0.id.rawValue) \($0.outcome) on \($0.machine ?? "?")" }
        #expect(build.tests.allSatisfy { $0.outcome == .passed }, "\(ran)")
        #expect(build.tests.contains { $0.machine != "doomed" }, "\(ran)")
        #expect(build.notes.contains { $0.contains("lease held by doomed lapsed") }, "\(build.notes)")
    }

    /// A test that fails the first time: its retry runs on the other machine, which is free,
    /// and passes there; the machine that failed it counts it passed on a retry, as the build does.
    @Test func aRetryLandsOnAnotherMachine() async throws {
        let database = try await PostgresCluster.shared.database("e2e_retry")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeRetry")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let marker = "\(folder)/marker"
        try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
        let runs = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for machine in ["r1", "r2"] {
                group.addTask {
                    try await Self.machine(
                        machine, database.url(), build: "retry", folder: folder,
                        ["--filter", "FirstRunFailsCases", "--filter", "WaitCases0[1-4]/", "--retries", "1"],
                        environment: ["QUEUE_FIXTURE_MARKER": marker])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let report = try await TelltaleProcess.run([
            "queue", "report", "--queue", database.url(), "--build", "retry", "--report-dir", "\(folder)/build", "--wait", "60",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        let retried = try #require(build.tests.first { $0.id.rawValue.hasSuffix("testFailsTheFirstTime") })
        #expect(retried.isFlaky)
        // The machine that failed it took the retry's result from the queue; the other ran the retry.
        let retryMachine = try #require(retried.machine)
        let firstMachine = retryMachine == "r1" ? "r2" : "r1"
        let onFirst = try RunRecordFile.read(path: "\(folder)/\(firstMachine)/run.json").tests.first { $0.id == retried.id }
        #expect(onFirst?.outcome == .passed && onFirst?.machine == retryMachine, "\(String(describing: onFirst))")
        let onRetry = try RunRecordFile.read(path: "\(folder)/\(retryMachine)/run.json").tests.first { $0.id == retried.id }
        #expect(onRetry?.previousAttempts.map(\.outcome) == [.failed] && onRetry?.outcome == .passed)
    }

    /// A machine that listed other tests than the machine that filled the build is refused
    /// (exit 2), naming both machines; an unreachable queue is exit 2 naming its URL without the
    /// password, or with `--queue-fallback shard` the static shard, noted.
    @Test func aMachineWithAnotherListingIsRefused() async throws {
        let database = try await PostgresCluster.shared.database("e2e_listing")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeListing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let first = try await Self.machine("first", database.url(), build: "listing", folder: folder, ["--filter", "WaitCases0[12]/"])
        #expect(first.status == 0, "\(first.stderr)")
        let other = try await Self.machine("other", database.url(), build: "listing", folder: folder, ["--filter", "WaitCases0[123]/"])
        #expect(other.status == 2, "\(other.stderr)")
        #expect(other.stderr.contains("this machine (other, commit"), "\(other.stderr)")
        #expect(other.stderr.contains("the machine that filled the queue (first, commit"), "\(other.stderr)")

        let unreachable = try await TelltaleProcess.run([
            "run", "--package", Self.fixture, "--skip-build", "--queue", "postgres://ci:hunter2@127.0.0.1:1/queue", "--build", "x",
            "--report-dir", "\(folder)/unreachable",
        ])
        #expect(unreachable.status == 2, "\(unreachable.stderr)")
        #expect(
            unreachable.stderr.contains("--queue: the queue cannot be used: postgres://ci@127.0.0.1:1/queue: cannot connect"), "\(unreachable.stderr)"
        )
        #expect(!unreachable.stderr.contains("hunter2"))

        // With --queue-fallback shard, the static shard runs instead, and its record says why.
        let fallback = try await TelltaleProcess.run([
            "run", "--package", Self.fixture, "--skip-build", "--queue", "postgres://ci:hunter2@127.0.0.1:1/queue", "--build", "x",
            "--queue-fallback", "shard", "--shard", "1/2", "--filter", "WaitCases0[1-4]/", "--report-dir", "\(folder)/fallback",
        ])
        #expect(fallback.status == 0, "\(fallback.stderr)")
        let record = try RunRecordFile.read(path: "\(folder)/fallback/run.json")
        #expect(record.shard == Shard(index: 1, count: 2))
        #expect(record.tests.count == 2)
        #expect(record.notes.contains { $0.hasPrefix("queue mode: the queue cannot be used (postgres://ci@127.0.0.1:1/queue") }, "\(record.notes)")
        #expect(!(fallback.stderr + fallback.stdout).contains("hunter2"))
    }

    static func arguments(_ machine: String, _ url: String, build: String, folder: String, _ extra: [String]) -> [String] {
        [
            "run", "--package", fixture, "--skip-build", "--no-history", "--workers", "2", "--queue", url, "--build", build, "--machine", machine,
            "--report-dir", "\(folder)/\(machine)",
        ] + extra
    }

    /// One machine's `telltale run --queue`, to its end.
    static func machine(
        _ machine: String, _ url: String, build: String, folder: String, _ extra: [String], environment: [String: String] = [:]
    ) async throws -> TelltaleProcess.Result {
        var variables = ["QUEUE_FIXTURE_SECONDS": "0.1"]
        variables.merge(environment) { $1 }
        return try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), arguments(machine, url, build: build, folder: folder, extra), in: TelltaleProcess.repositoryRoot,
            environment: variables)
    }

    /// A machine started and left running, its output discarded.
    static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TelltaleProcess.executable())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TelltaleProcess.repositoryRoot)
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TELLTALE_") }
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
