import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The history on PostgreSQL through the real `telltale`, against the test support's cluster.
@Suite
struct PostgresHistoryRunTests {
    /// Twenty machines starting on a new shared history at once: twenty processes open it (and
    /// so migrate it) together; every one succeeds and the version is applied once.
    @Test(.tags(.medium)) func twentyProcessesOpeningANewHistoryAtOnceAllMigrate() async throws {
        let database = try await PostgresCluster.shared.database("twenty")
        let url = database.url()
        let results = try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for _ in 0..<20 { group.addTask { try await TelltaleProcess.run(["history", "runs", "--history", url]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("0 runs in \(database.urlWithoutPassword()); the last 0:"), "\(result.stdout)")
        }
        let migrations = try await PostgresCluster.shared.sql("SELECT component || ' ' || version FROM telltale.schema_migrations", in: database.name)
        #expect(migrations == "history 1\nhistory 2\n")
    }

    /// A run whose history URL carries a password: the run is recorded and its reports show the
    /// history, and neither the console nor any file the run writes holds the password, in its
    /// own or its percent-encoded form; nor do a run that cannot log in (a warning, and the run
    /// passes), `history runs|flaky|import` or `merge`.
    @Test(.tags(.large)) func aPasswordInTheHistoryURLIsPrintedNowhere() async throws {
        let database = try await PostgresCluster.shared.database("password")
        let folder = try TelltaleProcess.temporaryDirectory("PostgresHistoryRunTests")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "SchedulingFixture")
        func run(_ reports: String, _ url: String) async throws -> TelltaleProcess.Result {
            try await TelltaleProcess.run([
                "run", "--package", HistoryRunTests.fixture, "--skip-build", "--filter", "VariedDurationCases/testVaried0[12]$",
                "--report-dir", "\(folder)/\(reports)", "--history", url,
            ])
        }
        let wrong = database.url().replacingOccurrences(
            of: database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, with: "Wr0ngPassw0rd")
        let refused = try await run("refused", wrong)
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("warning: history \(database.urlWithoutPassword()): password authentication failed for user \"telltale\""),
            "\(refused.stderr)")

        let recorded = try await run("recorded", database.url())
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let record = try RunRecordFile.read(path: "\(folder)/recorded/run.json")
        #expect(record.history?.runs.count == 1, "the run was recorded and its digest read back")
        #expect(record.notes.allSatisfy { !$0.contains("warning") }, "\(record.notes)")

        let runs = try await TelltaleProcess.run(["history", "runs", "--history", database.url()])
        #expect(runs.stdout.hasPrefix("1 run in \(database.urlWithoutPassword())"), "\(runs.stdout)\(runs.stderr)")
        let flaky = try await TelltaleProcess.run(["history", "flaky", "--history", database.url()])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        // The run's own run.json, imported: the same run (by its fingerprint), not added again.
        let imported = try await TelltaleProcess.run(["history", "import", "--history", database.url(), "\(folder)/recorded"])
        #expect(imported.stdout.contains("already in the history, not added again"), "\(imported.stdout)\(imported.stderr)")
        let merged = try await TelltaleProcess.run(["merge", "\(folder)/recorded", "--out", "\(folder)/merged", "--history", wrong])
        #expect(merged.stderr.contains("warning: history \(database.urlWithoutPassword())"), "\(merged.stderr)")

        var texts = [refused, recorded, runs, flaky, imported, merged].flatMap { [$0.stdout, $0.stderr] }
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        var read = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)") else { continue }
            texts.append(String(decoding: data, as: UTF8.self))
            read += 1
        }
        #expect(files.contains("recorded/run.json") && files.contains("recorded/junit.xml") && files.contains("recorded/index.html"))
        #expect(files.contains { $0.hasPrefix("recorded/logs/") }, "the run's logs are read too: \(files)")
        #expect(read > 10)
        let secrets = [
            database.password, database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, "Wr0ngPassw0rd",
        ]
        for text in texts {
            for secret in secrets { #expect(!text.contains(secret)) }
        }
    }

    /// A history server that stalls once the run has opened it (a proxy forwards the first
    /// connection, the check and migration, then answers nothing): the run is given up on it
    /// after one deadline (`--postgres-timeout 8`: a loaded machine's check and migration must get through, and it is under the 10 s a connection attempt may take), says so once, goes on without it and passes,
    /// and its record notes that it was not recorded. Each of its later calls (the priorities,
    /// the record) would otherwise wait out a deadline of its own: the run takes one deadline
    /// more than a run without history, not three.
    @Test(.tags(.large)) func aStalledHistoryServerCostsTheRunOneDeadlineAndANote() async throws {
        let database = try await PostgresCluster.shared.database("stalled")
        let folder = try TelltaleProcess.temporaryDirectory("PostgresHistoryStalled")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await FixtureRuns.shared.build(fixture: "SchedulingFixture")
        let proxy = try StallingProxy(upstreamPort: database.port, forwarded: 1)
        defer { proxy.shutDown() }
        func run(_ reports: String, _ history: [String]) async throws -> (TelltaleProcess.Result, Duration) {
            let started = ContinuousClock.now
            let result = try await TelltaleProcess.run(
                [
                    "run", "--package", HistoryRunTests.fixture, "--skip-build", "--filter", "VariedDurationCases/testVaried0[12]$",
                    "--report-dir", "\(folder)/\(reports)",
                ] + history)
            return (result, ContinuousClock.now - started)
        }
        let (baseline, plain) = try await run("baseline", ["--no-history"])
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let (stalled, took) = try await run("stalled", ["--history", database.url(port: proxy.port), "--postgres-timeout", "8"])
        #expect(stalled.status == 0, "\(stalled.stderr)")
        let given = stalled.stderr.components(separatedBy: ": no answer within 8 s").count - 1
        #expect(given == 1, "one call given up, said once: \(stalled.stderr)")
        #expect(stalled.stderr.contains("the history is not used for the rest of this run"), "\(stalled.stderr)")
        let record = try RunRecordFile.read(path: "\(folder)/stalled/run.json")
        #expect(
            record.notes.contains {
                $0.contains("not asked: an earlier call got no answer within 8 s") && $0.hasSuffix("(this run was not recorded)")
            }, "\(record.notes)")
        #expect(proxy.accepted >= 2, "the run's pooled connections went through the stalled proxy")
        #expect(took >= .seconds(8) && took - plain < .seconds(16), "\(took) against \(plain) without history")
    }

    /// `TELLTALE_HISTORY_URL` names the history when `--history` does not; `--history` wins.
    @Test(.tags(.medium)) func theVariableNamesTheHistoryAndTheOptionWins() async throws {
        let database = try await PostgresCluster.shared.database("variable")
        let folder = try TelltaleProcess.temporaryDirectory("PostgresHistoryVariable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let variable = ["TELLTALE_HISTORY_URL": database.url()]
        let fromVariable = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), ["history", "runs"], in: folder, environment: variable)
        #expect(fromVariable.stdout.hasPrefix("0 runs in \(database.urlWithoutPassword())"), "\(fromVariable.stdout)\(fromVariable.stderr)")
        let fromOption = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), ["history", "import", "--history", "\(folder)/h.sqlite", "\(folder)/none.json"], in: folder,
            environment: variable)
        #expect(fromOption.stderr.contains("none.json"), "\(fromOption.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/h.sqlite"))
        let malformed = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(), ["history", "runs"], in: folder,
            environment: ["TELLTALE_HISTORY_URL": "postgres://ci:hunter2@db:notaport/x"])
        #expect(malformed.status == 2, "\(malformed.stderr)")
        #expect(malformed.stderr.contains("postgres://ci:***@db:notaport/x: port `notaport` is not a port number"), "\(malformed.stderr)")
        #expect(!malformed.stderr.contains("hunter2"))
    }
}
