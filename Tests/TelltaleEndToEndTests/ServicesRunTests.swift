import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale run` with a plan's services: Tests/Fixtures/ServiceFixture as the backend
/// of Tests/Fixtures/ServicesRunFixture's suites, one instance per worker, with the
/// reset/setup/teardown protocol around every test.
@Suite(.tags(.large), .serialized)
struct ServicesRunTests {
    static let fixture = "Tests/Fixtures/ServicesRunFixture"

    @Test func everyTestRunsAloneOnItsWorkersOwnBackend() async throws {
        let run = try await Self.run(workers: 2, filter: "BackendTests")
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        let record = try #require(run.record)
        #expect(record.tests.count == 5)
        for test in record.tests where !test.id.rawValue.contains("BreakTeardown") {
            #expect(test.outcome == .passed, "\(test.id): \(test.messages.map(\.text))")
        }
        let broken = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testBreakTeardown") })
        #expect(broken.outcome == .failed)
        #expect(
            broken.messages.map(\.text) == [
                "expected 1 order row for ServicesRunFixtureTests.BackendTests/testBreakTeardown, found 0"
            ])
        for worker in [1, 2] {
            let log = try String(contentsOfFile: "\(run.reports)/logs/backend-\(worker).log", encoding: .utf8)
            #expect(log.contains("fixture: POST /tests/reset"), "backend-\(worker) served no test")
        }
        #expect(try InterruptTests.processesOfRun(run.reports).isEmpty, "processes of the run still alive")
    }

    @Test func aCrashFailsTheTestInFlightAndTheServiceRestarts() async throws {
        let run = try await Self.run(filter: "CrashTests", onCrash: "restart")
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        let record = try #require(run.record)
        let crashed = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testACrashesTheBackend") })
        #expect(crashed.outcome == .failed)
        let message = crashed.messages.map(\.text).joined(separator: "\n")
        #expect(message.contains("a service crashed during this test: service `backend-1` crashed with exit status 42"), "\(message)")
        #expect(message.contains("fixture: crashing on request"), "the crash message carries the service's last lines")
        let after = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testBRunsAfterTheCrash") })
        #expect(after.outcome == .passed, "\(after.messages.map(\.text))")
        let log = try String(contentsOfFile: "\(run.reports)/logs/backend-1.log", encoding: .utf8)
        #expect(log.components(separatedBy: "[telltale] ready after").count == 3, "started twice:\n\(log)")
    }

    @Test func aCrashUnderStopEndsTheRunWithExit3AndKeepsWhatRan() async throws {
        let run = try await Self.run(filter: "CrashTests", onCrash: "stop")
        #expect(run.process.status == 3, "stderr: \(run.process.stderr)")
        #expect(run.process.stderr.contains("crashed with exit status 42"))
        let record = try #require(run.record, "reports are written for the tests that ran")
        let crashed = try #require(record.tests.first { $0.id.rawValue.hasSuffix("testACrashesTheBackend") })
        #expect(crashed.outcome == .failed)
        #expect(!record.tests.contains { $0.id.rawValue.hasSuffix("testBRunsAfterTheCrash") })
        #expect(record.notes.contains { $0.contains("1 of 2 tests ran, these did not:") }, "\(record.notes)")
    }

    @Test func theGuardRefusesADatabaseNotNamedForTestsAndStartsNothing() async throws {
        let run = try await Self.run(filter: "BackendTests", database: "{run_dir}/shop.sqlite", build: false)
        #expect(run.process.status == 3, "stderr: \(run.process.stderr)")
        #expect(run.process.stderr.contains("refusing to reset the database"))
        #expect(run.process.stderr.contains("does not end in `_test`"))
        // Neither the package's build nor the service started.
        #expect(!FileManager.default.fileExists(atPath: "\(run.reports)/logs/build.log"))
        #expect(!FileManager.default.fileExists(atPath: "\(run.reports)/logs/backend-1.log"))
        #expect(run.record == nil)
    }

    @Test func aServiceThatEndsBeforeReadyIsExit3WithItsLastLines() async throws {
        let run = try await Self.run(filter: "BackendTests", flags: ["--exit-at-start", "3"])
        #expect(run.process.status == 3, "stderr: \(run.process.stderr)")
        #expect(run.process.stderr.contains("service `backend-1` ended with exit status 3 before it was ready"))
        #expect(run.process.stderr.contains("fixture: cannot open the database"))
        #expect(run.record == nil, "no test ran, so there is nothing to report")
    }

    /// The `process` lifecycle (the default with a test-mode service and expectations): the
    /// test's untagged event is attributed by Telltale's markers and checked when it ends.
    @Test func theProcessLifecycleChecksEachTestsEventsAgainstThePlan() async throws {
        let expectations = """
            expectations:
              ServicesRunFixtureTests.AnalyticsTests/testSendsAPurchase:
                events:
                  - name: purchase
                    params: { value: { gt: 5 }, currency: USD }
            """
        let run = try await Self.run(filter: "AnalyticsTests", extra: expectations)
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        let record = try #require(run.record)
        let test = try #require(record.tests.first)
        #expect(test.outcome == .failed)
        let message = test.messages.map(\.text).joined(separator: "\n")
        #expect(message.contains("value: expected number > 5, got 5 (number)"), "\(message)")
        #expect(record.events.map(\.test) == [test.id])
        #expect(record.verification?.tests.first?.failures.count == 1)
    }

    /// A plan that asks for the automatic lifecycle of suites that do not use it says so.
    @Test func automaticLifecycleWithoutTheTraitIsPointedOut() async throws {
        let run = try await Self.run(filter: "BackendTests/testSeesItsOwnSetup$", extra: "lifecycle: automatic")
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        #expect(record.tests.map(\.outcome) == [.failed], "the backend was never set up for it")
        #expect(record.notes.contains { $0.hasPrefix("lifecycle is automatic, but 1 test(s) never called tests/begin") }, "\(record.notes)")
    }

    /// Whatever guards the children: `setpriv`'s parent-death signal, or the portable watcher
    /// forced on (as on a system without util-linux), with the test process started directly
    /// or through `swift test` (whose own test process is in a group of its own).
    @Test(arguments: [("setpriv", "direct"), ("watcher", "direct"), ("watcher", "swiftpm")])
    func killingTelltaleWithSIGKILLLeavesNoProcessOfTheRun(orphanGuard: String, launcher: String) async throws {
        try #require(orphanGuard == "watcher" || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
        let reports = try TelltaleProcess.temporaryDirectory("services-kill-\(orphanGuard)-\(launcher)")
        let signal = reports + "/running.fifo"
        #expect(mkfifo(signal, 0o600) == 0)
        let plan = try await Self.plan(
            in: reports, workers: 1, filter: "SlowTests", environment: ["SLOW_TEST_SIGNAL": signal]
        )
        let telltale = Process()
        telltale.executableURL = URL(fileURLWithPath: try TelltaleProcess.executable())
        telltale.arguments = ["run", plan, "--report-dir", reports, "--skip-build", "--launcher", launcher]
        telltale.currentDirectoryURL = URL(fileURLWithPath: TelltaleProcess.repositoryRoot)
        telltale.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TELLTALE_") }
            .merging(["TELLTALE_ORPHAN_GUARD": orphanGuard]) { _, forced in forced }
        telltale.standardOutput = FileHandle.nullDevice
        telltale.standardError = FileHandle.nullDevice
        let (before, watchers) = try await FixtureRuns.shared.withBuilt(fixture: "ServicesRunFixture") {
            try telltale.run()
            // The slow test writes to the FIFO once it runs, with its backend ready.
            let line = await ChildProcesses.drain(path: signal)
            #expect(String(decoding: line, as: UTF8.self).contains("running"))
            let before = try InterruptTests.processesOfRun(reports)
            #expect(before.count >= 2, "expected the backend and the test process, found \(before)")
            let watchers = Self.orphanWatchers(guarding: Set(before.compactMap { Int32($0) }))
            if orphanGuard == "watcher" { #expect(watchers.count >= 2, "a watcher beside the backend and the test process") }
            kill(telltale.processIdentifier, SIGKILL)
            await ChildProcesses.waitForExit(telltale)
            return (before, watchers)
        }
        let pids = before.compactMap { Int32($0) } + watchers
        #expect(await processesEnd(pids), "still alive: \(pids.filter(isAlive))")
        for pid in pids where isAlive(pid) { kill(pid, SIGKILL) }
    }

    /// The `sh` watchers guarding one of `children`: `sh -c SCRIPT telltale-orphan-guard PID …`.
    static func orphanWatchers(guarding children: Set<Int32>) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let name = arguments.firstIndex(of: "telltale-orphan-guard"), name + 1 < arguments.count,
                let guarded = Int32(arguments[name + 1]), children.contains(guarded)
            else { return nil }
            return pid
        }
    }

    // MARK: - Helpers

    struct Run {
        var process: TelltaleProcess.Result
        var reports: String
        var record: RunRecord?
    }

    static func run(
        workers: Int = 1, filter: String, onCrash: String = "restart", database: String = "{run_dir}/shop-{worker}_test.sqlite",
        flags: [String] = ["--http"], build: Bool = true, extra: String = ""
    ) async throws -> Run {
        let reports = try TelltaleProcess.temporaryDirectory("services")
        let plan = try await Self.plan(
            in: reports, workers: workers, filter: filter, onCrash: onCrash, database: database, flags: flags, extra: extra
        )
        // Without the build, the run must stop before it would build (the guard's case).
        let process: TelltaleProcess.Result
        if build {
            process = try await FixtureRuns.shared.withBuilt(fixture: "ServicesRunFixture") {
                try await TelltaleProcess.run(["run", plan, "--report-dir", reports, "--skip-build"])
            }
        } else {
            process = try await TelltaleProcess.run(["run", plan, "--report-dir", reports])
        }
        return Run(process: process, reports: reports, record: try? RunRecordFile.read(path: "\(reports)/run.json"))
    }

    /// A plan in `folder` whose backend is the service fixture, one per worker.
    static func plan(
        in folder: String, workers: Int, filter: String, onCrash: String = "restart",
        database: String = "{run_dir}/shop-{worker}_test.sqlite", flags: [String] = ["--http"],
        environment: [String: String] = [:], extra: String = ""
    ) async throws -> String {
        let service = try await serviceFixture()
        let command = ([service] + flags).map { "\"\($0)\"" }.joined(separator: ", ")
        let variables = environment.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let yaml = """
            version: 1
            name: services-run
            package: \(TelltaleProcess.repositoryRoot)/\(fixture)
            workers: \(workers)
            filter: ["\(filter)"]
            environment: { \(variables) }
            services:
              backend:
                command: [\(command)]
                env: { TELLTALE_RUN_DIR: "{run_dir}" }
                port: auto
                ready: { http: /health, timeout: 30s }
                scope: worker
                testMode: true
                database: "\(database)"
                onCrash: \(onCrash)
            """
        let path = folder + "/plan.yml"
        try (yaml + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The backend fixture, built once (`swift build`, as TelltaleServicesTests builds it).
    static func serviceFixture() async throws -> String {
        let package = FixtureRuns.package("ServiceFixture")
        try await FixtureBuilds.shared.build(package, ["build"])
        return package + "/.build/debug/service-fixture"
    }

}
