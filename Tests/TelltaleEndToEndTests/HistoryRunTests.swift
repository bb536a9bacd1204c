import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The run history, flaky scores and quarantine, through the real `telltale` on
/// `Tests/Fixtures/SchedulingFixture` (whose `FlakyCases/testFailsTheFirstTime` fails the
/// first time in each run, and `testAlwaysFails` every time).
@Suite(.tags(.large))
struct HistoryRunTests {
    static let fixture = "Tests/Fixtures/SchedulingFixture"
    static let flaky = "SchedulingFixtureTests.FlakyCases/testFailsTheFirstTime"
    static let broken = "SchedulingFixtureTests.FlakyCases/testAlwaysFails"

    let folder: String

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("HistoryRunTests")
    }

    var history: String { "\(folder)/history.sqlite" }

    /// One `telltale run` of the built fixture into `reports` (under the test's folder).
    func run(_ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord?) {
        try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") { try await runBuilt(reports, arguments) }
    }

    /// `run`, for a caller that holds the fixture (`withBuilt`).
    func runBuilt(_ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord?) {
        let directory = "\(folder)/\(reports)"
        let result = try await TelltaleProcess.run(
            ["run", "--package", Self.fixture, "--skip-build", "--report-dir", directory] + arguments
        )
        return (result, try? RunRecordFile.read(path: "\(directory)/run.json"))
    }

    @Test func aFlakyTestRunSeveralTimesShowsItsScoreInTheReportsAndHistoryFlaky() async throws {
        for number in 1...3 {
            let (result, _) = try await run("run\(number)", ["--filter", "FlakyCases/testFailsTheFirstTime", "--retries", "1", "--history", history])
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let record = try RunRecordFile.read(path: "\(folder)/run3/run.json")
        let digest = try #require(record.history, "run.json has no history")
        #expect(digest.runs.count == 3)
        #expect(digest.tests[Self.flaky]?.flakyRuns == 3)
        #expect(digest.tests[Self.flaky]?.flakyRate == 1)

        let summary = try String(contentsOfFile: "\(folder)/run3/summary.md", encoding: .utf8)
        #expect(summary.contains("### Most flaky tests (last 3 runs)"))
        #expect(summary.contains("| `\(Self.flaky)` | 100% | 3 of 3 |"))
        let html = try String(contentsOfFile: "\(folder)/run3/index.html", encoding: .utf8)
        #expect(html.contains(#""fn":3,"rn":3,"fr":1"#))

        let flaky = try await TelltaleProcess.run(["history", "flaky", "--history", history])
        #expect(flaky.status == 0, "stderr: \(flaky.stderr)")
        #expect(flaky.stdout.contains("100%  3 of 3 runs  \(Self.flaky)"), "\(flaky.stdout)")
        let suggest = try await TelltaleProcess.run(["history", "flaky", "--history", history, "--suggest", "--owner", "@ana"])
        #expect(
            suggest.stdout.contains("  - test: \(Self.flaky)\n    reason: 'flaky in 3 of 3 recent runs (100%); ")
                && suggest.stdout.contains("'\n    owner: '@ana'"),
            "the reason says the cause: \(suggest.stdout)")
        // What --suggest prints is a valid plan section.
        let plan = "\(folder)/suggested.yml"
        try ("version: 1\npackage: \(TelltaleProcess.repositoryRoot)/\(Self.fixture)\n" + suggest.stdout).write(
            toFile: plan, atomically: true, encoding: .utf8)
        let validate = try await TelltaleProcess.run(["plan", "validate", plan])
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    func quarantinePlan(until: Date) throws -> String {
        let plan = "\(folder)/quarantine-\(QuarantineEntry.day(of: until)).yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/\(Self.fixture)
        filter: [FlakyCases/testAlwaysFails, VariedDurationCases/testVaried01$]
        history: false
        quarantine:
          - test: \(Self.broken)
            reason: fails on purpose
            owner: "@ana"
            until: \(QuarantineEntry.day(of: until))
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        return plan
    }

    @Test func aQuarantinedFailureIsExitZeroAndShownAndAnExpiredEntryFailsTheRunAgain() async throws {
        let (held, record) = try await run("held", [try quarantinePlan(until: Date().addingTimeInterval(86_400))])
        #expect(held.status == 0, "stderr: \(held.stderr)")
        #expect(held.stdout.contains("1 quarantined"))
        let test = try #require(record?.tests.first { $0.id.rawValue == Self.broken })
        #expect(test.outcome == .failed)
        #expect(test.quarantine?.owner == "@ana")
        let summary = try String(contentsOfFile: "\(folder)/held/summary.md", encoding: .utf8)
        #expect(summary.contains("✅ passed"))
        #expect(summary.contains("### Quarantined failures (1)"))

        // JUnit: a skip, so publishers pass the check, with the real outcome and the entry in its message.
        let junit = "\(folder)/held/junit.xml"
        #expect(try await XMLLint.validate(path: junit).status == 0)
        let totals = try JUnitTotals.read(path: junit)
        #expect(totals.failures == 0 && totals.errors == 0 && totals.skipped == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"<skipped message="failed (quarantined until "#))
        let script = """
            import sys
            from junitparser import JUnitXml, Skipped, Failure, Error
            for suite in JUnitXml.fromfile(sys.argv[1]):
                for case in suite:
                    kinds = [type(r).__name__ for r in case.result]
                    print(case.classname + "/" + case.name, ",".join(kinds), case.result[0].message if case.result else "")
            """
        let parsed = try await ChildProcesses.run("python3", ["-c", script, junit])
        #expect(parsed.status == 0, "junitparser: \(parsed.stderrText)")
        #expect(parsed.stdoutText.contains("\(Self.broken) Skipped failed (quarantined until"), "\(parsed.stdoutText)")

        let (expired, expiredRecord) = try await run("expired", [try quarantinePlan(until: Date().addingTimeInterval(-86_400))])
        #expect(expired.status == 1, "stderr: \(expired.stderr)")
        #expect(expiredRecord?.notes.contains { $0.contains("quarantine entry for `\(Self.broken)` (owner @ana) expired") } == true)
    }

    @Test func twoRunsAtOnceSharingOneHistoryAreBothRecorded() async throws {
        let (a, b) = try await FixtureRuns.shared.withBuilt(fixture: "SchedulingFixture") {
            async let first = runBuilt("first", ["--filter", "VariedDurationCases", "--history", history])
            async let second = runBuilt("second", ["--filter", "VariedDurationCases", "--history", history])
            return try await (first, second)
        }
        #expect(a.0.status == 0 && b.0.status == 0, "stderr: \(a.0.stderr)\n\(b.0.stderr)")
        let runs = try await TelltaleProcess.run(["history", "runs", "--history", history])
        #expect(runs.stdout.hasPrefix("2 runs in "), "\(runs.stdout)\(runs.stderr)")
    }

    /// Shards read the history but leave it alone, so each splits by the same durations; the
    /// merge records the whole run once.
    @Test func mergeRecordsTheWholeRunOnceAndItsReportsShowTheHistory() async throws {
        for shard in 1...2 {
            let (result, _) = try await run("shard\(shard)", ["--filter", "VariedDurationCases", "--shard", "\(shard)/2", "--history", history])
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let out = "\(folder)/merged"
        let merge = try await TelltaleProcess.run(["merge", "\(folder)/shard1", "\(folder)/shard2", "--out", out, "--history", history])
        #expect(merge.status == 0, "stderr: \(merge.stderr)")
        let record = try RunRecordFile.read(path: "\(out)/run.json")
        #expect(record.history?.runs.count == 1)
        #expect(record.history?.tests.count == record.tests.count)
        let runs = try await TelltaleProcess.run(["history", "runs", "--history", history])
        #expect(runs.stdout.hasPrefix("1 run in "), "\(runs.stdout)")
    }

    @Test func aCorruptHistoryGivesAWarningAndAPassingRun() async throws {
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: history))
        let (result, record) = try await run("corrupt", ["--filter", "VariedDurationCases/testVaried01$", "--history", history])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("warning: history \(history): the file is damaged or not a Telltale history"))
        #expect(record?.notes.contains { $0.contains("this run goes on without history") } == true)
    }

    /// A run is recorded in one transaction: a kill in the middle leaves the history as it was.
    ///
    /// The import is stopped (SIGSTOP) once the write-ahead log holds frames of a transaction
    /// not yet committed and, if that still holds once it is stopped, killed there:
    /// mid-transaction, proven from the log itself. An import that had already committed is
    /// tried again with a fresh history (a few times).
    @Test func killNineWhileRecordingLeavesAHistoryTheNextRunReads() async throws {
        let small = "\(folder)/small.xml"
        try Self.junit(tests: 3, timestamp: "2026-01-01T00:00:00").write(toFile: small, atomically: true, encoding: .utf8)
        let big = "\(folder)/big.xml"
        try Self.junit(tests: 100_000, timestamp: "2026-01-02T00:00:00").write(toFile: big, atomically: true, encoding: .utf8)
        var killedMidTransaction = false
        for attempt in 1...5 where !killedMidTransaction {
            try? FileManager.default.removeItem(atPath: history)
            #expect(try await TelltaleProcess.run(["history", "import", "--history", history, small]).status == 0)
            let pid = try Self.spawn(try TelltaleProcess.executable(), ["history", "import", "--history", history, big])
            // The small import's log was checkpointed away when it closed: what the log holds now
            // is the big import's.
            await Self.offThePool { Self.waitForWrites(into: history + "-wal", by: pid) }
            kill(pid, SIGSTOP)
            killedMidTransaction = try WriteAheadLog.isMidTransaction(path: history + "-wal")
            kill(pid, SIGKILL)
            await Self.offThePool { Self.reap(pid) }
            if !killedMidTransaction { continue }

            // The history opens and holds the small run only: nothing of the one killed.
            let runs = try await TelltaleProcess.run(["history", "runs", "--history", history])
            #expect(runs.status == 0, "\(runs.stderr)")
            let check = """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                print(db.execute("PRAGMA integrity_check").fetchone()[0])
                print(sorted(n for (n,) in db.execute("SELECT COUNT(*) FROM result GROUP BY runId")))
                """
            let counts = try await ChildProcesses.run("python3", ["-c", check, history])
            #expect(counts.stdoutText == "ok\n[3]\n", "attempt \(attempt): \(counts.stdoutText)\(counts.stderrText)")
        }
        #expect(killedMidTransaction, "every import committed before it could be stopped")
        // The next run reads it, and is recorded.
        let (next, record) = try await run("after-kill", ["--filter", "VariedDurationCases/testVaried01$", "--history", history])
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(!next.stderr.contains("warning: history"), "\(next.stderr)")
        #expect(record?.history?.runs.isEmpty == false)
    }

    /// SQLite's write-ahead log, read as its file format documents: a 32-byte header (salts at
    /// bytes 16–23), then frames of a 24-byte header and a page. A frame belongs to the log's
    /// current generation when its salts (bytes 8–15) equal the header's; one whose "database
    /// size after commit" (bytes 4–7, big-endian) is not zero ends a committed transaction.
    enum WriteAheadLog {
        /// Whether the log's current frames end in frames no commit frame follows: a
        /// transaction was writing and had not committed.
        static func isMidTransaction(path: String) throws -> Bool {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count >= 32 else { return false }
            func word(_ offset: Int) -> UInt32 { data[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
            let pageSize = Int(word(8))
            let salts = (word(16), word(20))
            var offset = 32
            var uncommitted = false
            while offset + 24 + pageSize <= data.count, word(offset + 8) == salts.0, word(offset + 12) == salts.1 {
                uncommitted = word(offset + 4) == 0
                offset += 24 + pageSize
            }
            return uncommitted
        }
    }

    /// Starts `executable` with its output discarded, without Foundation's `Process`, whose
    /// child monitoring should not race a SIGKILL sent behind its back.
    static func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// Waits until `wal` holds frames of a transaction not yet committed, or `pid` has exited
    /// (opening the history may commit a small transaction of its own first; the import's is the
    /// one after it). Woken by the kernel, never spinning: inotify when a file in the history's
    /// folder is written, a pidfd when the import ends; `hangLimit` only bounds a hang.
    static func waitForWrites(into wal: String, by pid: pid_t) {
        let changes = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(changes) }
        // The folder, since the log may not exist yet.
        _ = inotify_add_watch(changes, URL(fileURLWithPath: wal).deletingLastPathComponent().path, UInt32(IN_MODIFY | IN_CREATE))
        let exit = pidfdOpen(pid, 0)
        guard exit >= 0 else { return }  // ended and reaped already
        defer { close(exit) }
        let deadline = ContinuousClock.now + hangLimit
        var lastSize = -1
        var events = [UInt8](repeating: 0, count: 64 * 1024)
        while ContinuousClock.now < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size != lastSize {
                lastSize = size
                if (try? WriteAheadLog.isMidTransaction(path: wal)) == true { return }
            }
            var watched = [pollfd(fd: changes, events: Int16(POLLIN), revents: 0), pollfd(fd: exit, events: Int16(POLLIN), revents: 0)]
            guard poll(&watched, 2, 1_000) >= 0 || errno == EINTR else { return }
            if watched[1].revents != 0 { return }
            if watched[0].revents != 0 { _ = read(changes, &events, events.count) }
        }
    }

    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// Blocking work on a GCD thread, never on Swift's cooperative pool.
    static func offThePool(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                work()
                continuation.resume()
            }
        }
    }

    static func junit(tests: Int, timestamp: String) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites timestamp=\"\(timestamp)\">\n<testsuite name=\"Big.Suite\">\n"
        xml.reserveCapacity(tests * 64)
        for index in 0..<tests {
            xml += "<testcase classname=\"Big.Suite\" name=\"test\(index)\" time=\"0.\(index % 10)01\"/>\n"
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }
}
