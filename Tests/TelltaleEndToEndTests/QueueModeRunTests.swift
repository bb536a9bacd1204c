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
    /// `queue report` writes every test exactly once with the machine that ran it, with the
    /// branch and system of the build. Each machine says what it ran of the build, not the
    /// build's count as its own. The password's unique core is in no file written (the machines'
    /// scratch folders included), nothing printed, and no text in the database.
    @Test func threeMachinesShareABuildEveryTestOnce() async throws {
        let database = try await PostgresCluster.shared.database("e2e_three")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeThree")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        // Whatever a machine or its test processes put in a temporary folder lands here, and is searched.
        let scratch = "\(folder)/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let machines = ["m1", "m2", "m3"]
        let runs = try await withThrowingTaskGroup(of: (String, TelltaleProcess.Result).self) { group in
            for machine in machines {
                group.addTask {
                    (
                        machine,
                        try await Self.machine(
                            machine, database.url(), build: "three", folder: folder, ["--filter", "WaitCases"], environment: ["TMPDIR": scratch])
                    )
                }
            }
            return try await group.reduce(into: [String: TelltaleProcess.Result]()) { $0[$1.0] = $1.1 }
        }
        for run in runs.values { #expect(run.status == 0, "\(run.stderr)") }
        var ranByMachine: [String: [String]] = [:]
        for machine in machines {
            let record = try RunRecordFile.read(path: "\(folder)/\(machine)/run.json")
            ranByMachine[machine] = record.tests.map(\.id.rawValue)
            #expect(record.notes.contains { $0.hasPrefix("part of build three: machine \(machine)") }, "\(record.notes)")
            let stderr = runs[machine]?.stderr ?? ""
            #expect(stderr.contains("and ran \(record.tests.count) of the build's 60 tests (part of build three)"), "\(stderr)")
            #expect(!stderr.contains("running 60 tests"), "\(stderr)")
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
        let machineRecord = try RunRecordFile.read(path: "\(folder)/m1/run.json")
        #expect(build.environment.gitBranch == machineRecord.environment.gitBranch)
        #expect(build.environment.operatingSystem == machineRecord.environment.operatingSystem)
        #expect(build.environment.host == "m1, m2, m3")
        for test in build.tests {
            let machine = try #require(test.machine)
            #expect(ranByMachine[machine]?.contains(test.id.rawValue) == true, "\(test.id) on \(machine)")
        }
        let status = try await TelltaleProcess.run(["queue", "status", "--queue", database.url(), "--build", "three"])
        #expect(status.stdout.contains("build three: 60 tests, filled by m"), "\(status.stdout)\(status.stderr)")
        #expect(status.stdout.contains("drained"))

        var texts = (Array(runs.values) + [report, status]).flatMap { [$0.stdout, $0.stderr] }
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? []
        for file in files {
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)") else { continue }
            texts.append(String(decoding: data, as: UTF8.self))
        }
        #expect(texts.count > 20)
        #expect(files.contains { $0.hasPrefix("m1/logs/worker-") } && files.contains("build/index.html"), "\(files)")
        let core = database.passwordCore
        for (index, text) in texts.enumerated() { #expect(!text.contains(core), "text \(index) holds the password") }
        // Nor any text the queue keeps: every row of every table, as text.
        let tables = try await PostgresCluster.shared.sql(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'telltale' ORDER BY 1", in: database.name)
        let names = tables.split(separator: "\n").map(String.init)
        #expect(names.contains("queue_result") && names.contains("queue_note"), "\(names)")
        for table in names {
            let found = try await PostgresCluster.shared.sql(
                "SELECT count(*) FROM telltale.\(table) t WHERE t::text LIKE '%\(core)%'", in: database.name)
            #expect(found == "0\n", "telltale.\(table) holds the password")
        }
    }

    /// A machine killed with SIGKILL while it holds leases: the other machines take its units
    /// over once the leases lapse, and every test counts exactly once: by the queue's attempts
    /// (one row each, the first attempt) and by the machines' own records (the survivors ran
    /// disjoint tests, each counted as theirs; with what the killed machine acknowledged before
    /// it died, the whole build), not only by the report, which folds attempts into one.
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

        let all = Set((1...9).map { "QueueModeFixtureTests.WaitCases0\($0)/testWait" })
        let attempts = try await PostgresCluster.shared.sql(
            "SELECT test, attempt, machine FROM telltale.queue_result WHERE build_id = 'kill' ORDER BY test, attempt", in: database.name)
        let rows = attempts.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        #expect(rows.map { $0[0] } == all.sorted(), "each test one counted attempt: \(attempts)")
        #expect(rows.allSatisfy { $0[1] == "1" }, "\(attempts)")
        let countedOn = Dictionary(rows.map { ($0[0], $0[2]) }) { first, _ in first }
        var ranBy: [String: Set<String>] = [:]
        for machine in ["s1", "s2"] {
            let record = try RunRecordFile.read(path: "\(folder)/\(machine)/run.json")
            ranBy[machine] = Set(record.tests.map(\.id.rawValue))
            // A unit a survivor ran but lost (its lease lapsed under load) is its late result, noted, not counted.
            let late = record.notes.contains { $0.contains("were taken over by another machine after their lease lapsed") }
            for test in ranBy[machine]! where countedOn[test] != machine {
                #expect(late, "\(test) ran on \(machine), counted on \(countedOn[test] ?? "none"), and \(machine) noted no late result")
            }
        }
        let ranOnSurvivors = ranBy["s1"]!.union(ranBy["s2"]!)
        let onDoomed = Set(rows.filter { $0[2] == "doomed" }.map { $0[0] })
        #expect(ranOnSurvivors.isDisjoint(with: onDoomed), "a test the killed machine acknowledged ran again")
        #expect(ranOnSurvivors.union(onDoomed) == all)
        #expect(!ranOnSurvivors.isEmpty)
    }

    /// A test that fails the first time: its retry runs on the other machine and passes there;
    /// the machine that failed it counts it passed on a retry, as the build does. No race: the
    /// failing test waits until both machines have joined (the test watches the database), and a
    /// retry waits for another machine while one runs, however long that takes.
    @Test func aRetryLandsOnAnotherMachine() async throws {
        let database = try await PostgresCluster.shared.database("e2e_retry")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeRetry")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let marker = "\(folder)/marker"
        try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
        let release = "\(folder)/release"
        let runs = try await withThrowingTaskGroup(of: TelltaleProcess.Result?.self) { group in
            for machine in ["r1", "r2"] {
                group.addTask {
                    try await Self.machine(
                        machine, database.url(), build: "retry", folder: folder,
                        ["--filter", "FirstRunFailsCases", "--filter", "WaitCases0[1-4]/", "--retries", "1"],
                        environment: ["QUEUE_FIXTURE_MARKER": marker, "QUEUE_FIXTURE_RELEASE": release])
                }
            }
            group.addTask {
                try await Self.whenJoined(["r1", "r2"], build: "retry", in: database)
                FileManager.default.createFile(atPath: release, contents: Data())
                return nil
            }
            return try await group.reduce(into: [TelltaleProcess.Result]()) { if let run = $1 { $0.append(run) } }
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

    /// A CI retry of a failed build ("re-run failed jobs": the same build id) with three
    /// machines: the failed test runs once more, on another machine than the one that failed it,
    /// and every machine, of the first run and of the retry, exits with the build's verdict.
    /// `queue report` started with the first machines, before the queue exists, waits for it.
    /// The retry's machines that did not fail the test start first; the one that did joins once
    /// they have started the round, so only the rules, not timing, decide where the test runs.
    @Test func aCIRetryOfAFailedBuildRunsTheFailureOnceOnAnotherMachine() async throws {
        let database = try await PostgresCluster.shared.database("e2e_ciretry")
        let folder = try TelltaleProcess.temporaryDirectory("QueueModeCIRetry")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let marker = "\(folder)/marker"
        try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
        let tests = ["--filter", "FirstRunFailsCases", "--filter", "WaitCases0[1-4]/", "--retries", "0"]
        let environment = ["QUEUE_FIXTURE_MARKER": marker]
        let url = database.url()

        async let earlyReport = TelltaleProcess.run([
            "queue", "report", "--queue", url, "--build", "ci", "--report-dir", "\(folder)/first-build", "--wait", "180",
        ])
        // Both machines of the first run join before the test fails (a late one would be a retry).
        let release = "\(folder)/release"
        let first = try await withThrowingTaskGroup(of: TelltaleProcess.Result?.self) { group in
            for machine in ["m1", "m2"] {
                group.addTask {
                    var held = environment
                    held["QUEUE_FIXTURE_RELEASE"] = release
                    return try await Self.machine(machine, url, build: "ci", folder: "\(folder)/first", tests, environment: held)
                }
            }
            group.addTask {
                try await Self.whenJoined(["m1", "m2"], build: "ci", in: database)
                FileManager.default.createFile(atPath: release, contents: Data())
                return nil
            }
            return try await group.reduce(into: [TelltaleProcess.Result]()) { if let run = $1 { $0.append(run) } }
        }
        // The test failed on one machine: the build failed, and both say so.
        for run in first { #expect(run.status == 1, "\(run.stderr)") }
        let report = try await earlyReport
        #expect(report.status == 1, "\(report.stderr)")
        #expect(try RunRecordFile.read(path: "\(folder)/first-build/run.json").tests.count == 5)
        let failing = "QueueModeFixtureTests.FirstRunFailsCases/testFailsTheFirstTime"
        func attempts() async throws -> [[String]] {
            try await PostgresCluster.shared.sql(
                "SELECT attempt, machine, outcome FROM telltale.queue_result WHERE build_id = 'ci' AND test = '\(failing)' ORDER BY attempt",
                in: database.name
            ).split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        }
        let failedOn = try #require(try await attempts().first?[1])

        let others = ["m1", "m2", "m3"].filter { $0 != failedOn }
        let retry = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for machine in others {
                group.addTask { try await Self.machine(machine, url, build: "ci", folder: "\(folder)/retry", tests, environment: environment) }
            }
            group.addTask {
                try await Self.whenJoined(others, build: "ci", round: 1, in: database)
                return try await Self.machine(failedOn, url, build: "ci", folder: "\(folder)/retry", tests, environment: environment)
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // It passed on the retry: the build passed, and every machine says so.
        for run in retry { #expect(run.status == 0, "\(run.stderr)") }
        let ran = try await attempts()
        #expect(ran.map { $0[0] } == ["1", "2"], "the failed test ran once more: \(ran)")
        #expect(ran.last?[1] != failedOn && ran.last?[2] == "passed", "\(ran)")
        let reruns = try await PostgresCluster.shared.sql(
            "SELECT count(*) FROM telltale.queue_note WHERE build_id = 'ci' AND text LIKE 're-run of a drained build%'", in: database.name)
        #expect(reruns == "1\n")

        let final = try await TelltaleProcess.run([
            "queue", "report", "--queue", url, "--build", "ci", "--report-dir", "\(folder)/build", "--wait", "60",
        ])
        #expect(final.status == 0, "\(final.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        let retried = try #require(build.tests.first { $0.id.rawValue == failing })
        #expect(retried.isFlaky && retried.previousAttempts.map(\.machine) == [failedOn])
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

    /// Returns once every one of `machines` has joined `build`, by the database's account (polled:
    /// the database has no signal for it); throws after two minutes.
    static func whenJoined(_ machines: [String], build: String, round: Int? = nil, in database: PostgresCluster.Database) async throws {
        let names = machines.map { "'\($0)'" }.joined(separator: ", ")
        let rounds = round.map { " AND round = \($0)" } ?? ""
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            // Before the first machine migrates the database there is no table to ask.
            let joined = try? await PostgresCluster.shared.sql(
                "SELECT count(*) FROM telltale.queue_machine WHERE build_id = '\(build)' AND machine IN (\(names))\(rounds)", in: database.name)
            if joined == "\(machines.count)\n" { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw QueueModeTestError(description: "machines \(machines) did not all join build \(build) within two minutes")
    }

    struct QueueModeTestError: Error, CustomStringConvertible {
        var description: String
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
