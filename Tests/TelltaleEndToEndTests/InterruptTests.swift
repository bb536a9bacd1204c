import Foundation
import Synchronization
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Ctrl-C (or CI's SIGTERM) mid-run: the tests that finished are reported, nothing is left running.
@Suite(.tags(.large))
struct InterruptTests {
    @Test func interruptedRunKeepsFinishedTestsAndLeavesNoProcessBehind() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("interrupt")
        // The sleeping tests go first on both workers, so one passes before the interrupt: past
        // durations that put them first (longest first), and no history, whose failures of the
        // hanging tests (from other tests' runs of this fixture) would put those first instead.
        let timings = try TelltaleProcess.temporaryDirectory("interrupt-timings") + "/timings.xml"
        let sleeping = (1...8).map { ("SleepingCases", "testSleep\($0)", "30") }
        let hanging = [
            ("HangingCases", "testA_Hangs", "0.001"), ("HangingCases", "testB_AfterTheHang", "0.001"),
            ("SwiftTestingHanging", "a_hangs()", "0.001"), ("SwiftTestingHanging", "b_afterTheHang()", "0.001"),
        ]
        let cases = (sleeping + hanging).map { #"<testcase classname="SchedulingFixtureTests.\#($0.0)" name="\#($0.1)" time="\#($0.2)"/>"# }
        try (#"<testsuites><testsuite name="SchedulingFixtureTests">"# + cases.joined() + "</testsuite></testsuites>\n")
            .write(toFile: timings, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TelltaleProcess.executable())
        // The hanging tests have no timeout here: only the interrupt can end this run.
        process.arguments = [
            "run", "--package", "Tests/Fixtures/SchedulingFixture", "--skip-build", "--workers", "2",
            "--filter", "HangingCases|SleepingCases|SwiftTestingHanging", "--report-dir", reports,
            "--no-history", "--timings", timings,
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: TelltaleProcess.repositoryRoot)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TELLTALE_") }
        environment["CI"] = "true"
        process.environment = environment
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        // Ends when a test has passed, or when the run has ended without one.
        let firstPass = AsyncStream<Void>.makeStream()
        let stderr = Mutex("")
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                firstPass.continuation.finish()
                return
            }
            let text = stderr.withLock {
                $0 += String(decoding: data, as: UTF8.self)
                return $0
            }
            if text.contains("✔ ") { firstPass.continuation.yield() }
        }
        process.terminationHandler = { _ in firstPass.continuation.finish() }
        try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") {
            try process.run()
            async let stdout = ChildProcesses.drain(output)
            // Wait for a finished test (a signal from the run itself, not a sleep), then interrupt;
            // a run that ends first, or never passes a test, fails here rather than hanging.
            let passed = await Self.first(of: firstPass.stream, within: hangLimit)
            if process.isRunning { process.interrupt() }
            await ChildProcesses.waitForExit(process)
            _ = await stdout
            errors.fileHandleForReading.readabilityHandler = nil
            try #require(passed, "no test passed before the run ended (status \(process.terminationStatus)): \(stderr.withLock { $0 })")
        }

        #expect(process.terminationStatus == 130, "stderr: \(stderr.withLock { $0 })")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(!record.tests.isEmpty)
        #expect(record.tests.allSatisfy { $0.outcome == .passed }, "an interrupted test must not be reported as crashed")
        #expect(record.notes.contains { $0.hasPrefix("interrupted by a signal") })
        // Assembled like a finished run's record, and stopped in order: no shutdown errors.
        #expect(record.tests.allSatisfy { $0.worker != nil && $0.session != nil && !$0.output.isEmpty }, "\(record.tests)")
        let console = stderr.withLock { $0 }
        #expect(!console.contains("error telltale") && !console.contains("[Hummingbird"), "an orderly stop logs no error: \(console)")
        #expect(try Self.processesOfRun(reports).isEmpty, "processes of the run still alive")
    }

    /// Whether `stream` yields within `limit` (a limit only a hang reaches), not whether it ends first.
    static func first(of stream: AsyncStream<Void>, within limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Processes whose environment names this run's folder: the test processes Telltale started.
    static func processesOfRun(_ folder: String) throws -> [String] {
        let needle = Data("TELLTALE_RUN_DIR=\(URL(fileURLWithPath: folder).standardizedFileURL.path)".utf8)
        return try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
            guard Int(entry) != nil, let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ") else { return false }
            return environ.range(of: needle) != nil
        }
    }
}
