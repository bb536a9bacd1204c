import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Every launcher must give the same per-test outcomes: the fixtures run through `swift test`
/// itself (`--launcher swiftpm`) agree with the direct launcher test by test, crashes and
/// their blame included. (Darwin's commands run only on macOS: the project's macOS CI job.)
@Suite(.tags(.large))
struct LauncherAgreementTests {
    /// The direct launcher's arguments. On Linux it is the automatic choice, unless the suite
    /// forces another (`TELLTALE_E2E_LAUNCHER`): then none, so the run is the fixture's plain
    /// one, which other tests read too (one run of each fixture fewer).
    static let direct =
        Platform.isMacOS || ProcessInfo.processInfo.environment[TelltaleProcess.launcherVariable] != nil ? ["--launcher", "direct"] : []

    @Test(arguments: ["MixedFixture", "CrashingFixture", "XCTestOnlyFixture", "SameNameFixture", "RichResultsFixture", "RawIdentifierFixture"])
    func swiftpmAgreesWithDirect(fixture: String) async throws {
        let direct = try await FixtureRuns.shared.run(fixture: fixture, extraArguments: Self.direct)
        let swiftpm = try await FixtureRuns.shared.run(fixture: fixture, extraArguments: ["--launcher", "swiftpm", "--workers", "2"])
        let expected = try #require(direct.record, "direct: \(direct.process.stderr)")
        let actual = try #require(swiftpm.record, "swiftpm: \(swiftpm.process.stderr)")
        #expect(swiftpm.process.status == direct.process.status)
        #expect(swiftpm.process.stderr.contains("launcher: swiftpm"))
        #expect(Self.verdicts(actual) == Self.verdicts(expected))
        #expect(!actual.tests.isEmpty)
        // No worker waited for another's lock on .build.
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(swiftpm.reportDirectory)/logs").filter { $0.hasPrefix("worker-") }
        #expect(!logs.isEmpty)
        for log in logs {
            let text = try String(contentsOfFile: "\(swiftpm.reportDirectory)/logs/\(log)", encoding: .utf8)
            #expect(!text.contains("waiting until that process has finished"), "\(log)")
        }
    }

    /// Timeouts kill a hung test through `swift test` too (SIGINT first, which SwiftPM passes on
    /// to its test process's group), the rest go on, and retries find the same flaky tests.
    @Test func swiftpmAgreesWithDirectOnTimeoutsAndRetries() async throws {
        let plan = "\(ExitStatusTests.fixtures)/schedulingRetriesAndTimeouts.yml"
        let direct = try await FixtureRuns.shared.run(fixture: "SchedulingFixture", extraArguments: [plan] + Self.direct)
        let swiftpm = try await FixtureRuns.shared.run(fixture: "SchedulingFixture", extraArguments: [plan, "--launcher", "swiftpm"])
        let expected = try #require(direct.record, "direct: \(direct.process.stderr)")
        let actual = try #require(swiftpm.record, "swiftpm: \(swiftpm.process.stderr)")
        #expect(Self.verdicts(actual) == Self.verdicts(expected))
        #expect(actual.tests.filter(\.isFlaky).map(\.id) == expected.tests.filter(\.isFlaky).map(\.id))
        #expect(actual.tests.allSatisfy { $0.duration < 30 }, "a hung test was stopped at its timeout")
    }

    /// Each test's outcome, the first line of each message, and each argument case's outcome:
    /// what a reviewer reads first (cases in any order: they run in parallel). Durations,
    /// output and backtraces differ by nature.
    static func verdicts(_ record: RunRecord) -> [String: String] {
        var verdicts: [String: String] = [:]
        for test in record.tests {
            let messages = test.messages.map { $0.text.split(separator: "\n").first.map(String.init) ?? "" }
            let cases = (test.cases ?? []).map { "\($0.name)=\($0.outcome)" }.sorted()
            verdicts[test.id.rawValue] = ([test.outcome.rawValue] + messages + cases).joined(separator: " | ")
        }
        return verdicts
    }
}
