import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `queue report` builds the build's record by the rules each machine's record is built by:
/// the plan's quarantine and analytics expectations, each flaky result's cause, and source paths
/// relative to the package of the checkout the report runs in, not each machine's.
@Suite(.tags(.large))
struct QueueBuildRecordRunTests {
    /// Two machines run a plan that quarantines a failing test, expects an event one test sends,
    /// and retries a test that fails once: every machine exits 0, and so does the report, run in
    /// another checkout of the package (its plan found there), which says the failure is
    /// quarantined, the retried test flaky with its cause, the expected event checked, and every
    /// path relative to its package.
    @Test func theBuildsRecordIsJudgedByThePlanLikeEachMachines() async throws {
        let database = try await PostgresCluster.shared.database("e2e_record")
        let folder = try TelltaleProcess.temporaryDirectory("QueueBuildRecord")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checkout = try Self.checkout(
            in: folder,
            expectations: """
                expectations:
                  QueueModeFixtureTests.BuildRecordCases/testSendsAPurchase:
                    events:
                      - name: purchase
                        params: { currency: USD }
                """)
        let runs = try await Self.machines(["m1", "m2"], database.url(), build: "record", folder: folder, plan: "\(checkout)/telltale.yml")
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }

        let report = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(),
            ["queue", "report", "--queue", database.url(), "--build", "record", "--report-dir", "\(folder)/build", "--wait", "60"],
            in: checkout)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.contains("plan: telltale.yml, found beside Package.swift"), "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        #expect(build.plan.name == "queue-build-record")
        let quarantined = try #require(build.tests.first { $0.id.rawValue.hasSuffix("testFailsKnownly") })
        #expect(quarantined.outcome == .failed && quarantined.quarantine != nil)
        let flaky = try #require(build.tests.first { $0.id.rawValue.hasSuffix("testFailsTheFirstTime") })
        #expect(flaky.isFlaky && flaky.flakyCause != nil, "\(flaky)")
        let purchase = try #require(build.verification?.tests.first { $0.test.rawValue.hasSuffix("testSendsAPurchase") })
        #expect(purchase.eventCount == 1 && purchase.failures.isEmpty, "\(purchase)")
        #expect(build.events.contains { $0.name == "purchase" })
        let summary = try String(contentsOfFile: "\(folder)/build/summary.md", encoding: .utf8)
        #expect(summary.contains("Quarantined failures (1)"), "\(summary)")
        let junit = try String(contentsOfFile: "\(folder)/build/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"file="Tests/QueueModeFixtureTests/BuildRecordCases.swift""#), "\(junit)")
        // The tests' own output keeps what they printed; the locations are the package's.
        #expect(!junit.contains(#"file="\#(TelltaleProcess.repositoryRoot)"#), "a machine's checkout path in the build's JUnit")
    }

    /// A plan expectation the build does not meet fails the build's report, as it fails the
    /// machine that ran the test: exit 1, the missing event named.
    @Test func aFailingAnalyticsExpectationFailsTheBuild() async throws {
        let database = try await PostgresCluster.shared.database("e2e_record_fail")
        let folder = try TelltaleProcess.temporaryDirectory("QueueBuildRecordFails")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checkout = try Self.checkout(
            in: folder,
            expectations: """
                expectations:
                  QueueModeFixtureTests.BuildRecordCases/testSendsNothing:
                    events:
                      - name: signup
                """)
        _ = try await Self.machines(["m1", "m2"], database.url(), build: "fails", folder: folder, plan: "\(checkout)/telltale.yml")
        let report = try await TelltaleProcess.runProcess(
            try TelltaleProcess.executable(),
            ["queue", "report", "telltale.yml", "--queue", database.url(), "--build", "fails", "--report-dir", "\(folder)/build", "--wait", "60"],
            in: checkout)
        #expect(report.status == 1, "\(report.stderr)")
        let build = try RunRecordFile.read(path: "\(folder)/build/run.json")
        let silent = try #require(build.tests.first { $0.id.rawValue.hasSuffix("testSendsNothing") })
        #expect(silent.outcome == .failed)
        #expect(silent.messages.contains { $0.text.contains("signup") }, "\(silent.messages)")
    }

    /// The report job's checkout: the fixture's sources and a plan beside its Package.swift.
    static func checkout(in folder: String, expectations: String) throws -> String {
        let checkout = "\(folder)/checkout"
        try FixtureSources.copy(FixtureRuns.package("QueueModeFixture"), to: checkout)
        try """
        version: 1
        name: queue-build-record
        package: .
        lifecycle: process
        retries: 1
        quarantine:
          - test: QueueModeFixtureTests.BuildRecordCases/testFailsKnownly
            reason: a known failure
            owner: "@telltale"
            until: 2099-12-31
        \(expectations)
        """.write(toFile: "\(checkout)/telltale.yml", atomically: true, encoding: .utf8)
        return checkout
    }

    /// The machines of one build, at once, each running `plan` on the repository's built fixture.
    static func machines(_ names: [String], _ url: String, build: String, folder: String, plan: String) async throws -> [TelltaleProcess.Result] {
        try await FixtureRuns.shared.build(fixture: "QueueModeFixture")
        let marker = "\(folder)/marker"
        try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
        let filters = ["--filter", "BuildRecordCases", "--filter", "FirstRunFailsCases", "--filter", "WaitCases0[1-4]/"]
        return try await withThrowingTaskGroup(of: TelltaleProcess.Result.self) { group in
            for name in names {
                let arguments = ["run", plan] + QueueModeRunTests.arguments(name, url, build: build, folder: folder, filters).dropFirst()
                group.addTask {
                    try await TelltaleProcess.runProcess(
                        try TelltaleProcess.executable(), arguments, in: TelltaleProcess.repositoryRoot,
                        environment: ["QUEUE_FIXTURE_SECONDS": "0.1", "QUEUE_FIXTURE_RECORD": "1", "QUEUE_FIXTURE_MARKER": marker])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
