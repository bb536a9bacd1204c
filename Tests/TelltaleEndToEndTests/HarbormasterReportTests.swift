import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `telltale report --format harbormaster` on real runs: every outcome maps to Harbormaster's
/// result as documented, and the file has the shape Conduit's own method description gives.
@Suite(.tags(.large))
struct HarbormasterReportTests {
    /// The fixture's run, reported for Phabricator: the units by name, and the message's type.
    func harbormaster(_ run: FixtureRuns.Run) async throws -> (type: String, units: [String: HarbormasterWriter.Unit]) {
        let out = try TelltaleProcess.temporaryDirectory("harbormaster")
        let report = try await TelltaleProcess.run(["report", run.reportDirectory, "--format", "harbormaster", "--out", out])
        #expect(report.status == 0, "\(report.stderr)")
        let path = "\(out)/harbormaster.json"
        let check = try await ChildProcesses.run(
            "python3", ["\(ExitStatusTests.fixtures)/harbormasterMatchesConduitsMethod.py", path])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderrText)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/summary.remarkup"))
        let message = try JSONDecoder().decode(HarbormasterWriter.Message.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let units = Dictionary(message.unit.map { ("\($0.namespace)/\($0.name)", $0) }) { first, _ in first }
        #expect(units.count == message.unit.count, "unit names are unique")
        return (message.type, units)
    }

    @Test func crashesAreBrokenAndFailuresFail() async throws {
        let (type, units) = try await harbormaster(try await FixtureRuns.shared.run(fixture: "CrashingFixture"))
        #expect(type == "fail")
        #expect(units.mapValues(\.result) == [
            "CrashingFixtureTests.CrashCases/testA_BeforeCrash": "pass",
            "CrashingFixtureTests.CrashCases/testB_Crashes": "broken",
            "CrashingFixtureTests.CrashCases/testC_AfterCrash": "pass",
            "CrashingFixtureTests.CrashCases/testD_AfterCrashFails": "fail",
            "CrashingFixtureTests.SignalCases/a_beforeSignal()": "pass",
            "CrashingFixtureTests.SignalCases/b_raisesSignal()": "broken",
            "CrashingFixtureTests.SignalCases/c_afterSignal()": "pass",
        ])
        let crash = try #require(units["CrashingFixtureTests.CrashCases/testB_Crashes"])
        #expect(crash.format == "remarkup" && crash.details?.contains("**error**") == true, "\(crash.details ?? "")")
        #expect(crash.details?.contains("**Output**") == false, "the crash message already quotes the last lines")
        #expect(crash.engine == "telltale/XCTest")
        let signal = try #require(units["CrashingFixtureTests.SignalCases/a_beforeSignal()"])
        #expect(signal.engine == "telltale/swift-testing" && signal.path?.hasPrefix("Tests/Fixtures/CrashingFixture/") == true, "\(signal)")
    }

    @Test func skipsSkipAndEachArgumentCaseIsAUnit() async throws {
        let (type, units) = try await harbormaster(try await FixtureRuns.shared.run(fixture: "MixedFixture"))
        #expect(type == "fail")
        #expect(units["MixedFixtureTests.SkippedCases/testSkipped"]?.result == "skip")
        #expect(units["MixedFixtureTests.SwiftTestingFailing/disabled()"]?.result == "skip")
        #expect(units["MixedFixtureTests.FailingCases/testTwoFailures"]?.result == "fail")
        #expect(units["MixedFixtureTests.SwiftTestingFailing/knownIssue()"]?.details?.contains("**known issue**") == true)
        let cases = units.filter { $0.key.hasPrefix("MixedFixtureTests.SwiftTestingFailing/parameterizedOneFails(value:) [") }
        #expect(cases.count > 1)
        #expect(cases.values.filter { $0.result == "fail" }.count == 1, "\(cases.mapValues(\.result))")
        #expect(units.values.allSatisfy { $0.engine.hasPrefix("telltale/") })
    }

    @Test func aTestThatPassedOnARetryIsUnsound() async throws {
        let run = try await FixtureRuns.shared.run(
            fixture: "SchedulingFixture", extraArguments: ["\(ExitStatusTests.fixtures)/schedulingRetriesAndTimeouts.yml"]
        )
        let (_, units) = try await harbormaster(run)
        let flaky = try #require(units["SchedulingFixtureTests.FlakyCases/testFailsTheFirstTime"])
        #expect(flaky.result == "unsound")
        #expect(flaky.details?.contains("**Earlier attempts** (passed on attempt 2)") == true, "\(flaky.details ?? "")")
        #expect(units["SchedulingFixtureTests.FlakyCases/testAlwaysFails"]?.result == "fail")
    }
}
