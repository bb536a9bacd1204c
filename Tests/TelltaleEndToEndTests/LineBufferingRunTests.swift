import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// Without `stdbuf` (macOS, or an image without coreutils; forced here with
/// `TELLTALE_STDBUF=off`), test output is block-buffered, yet every verdict is the same,
/// output reaches the reports, and a crash keeps its blame and its last lines: XCTest
/// flushes its own lines, Swift Testing writes its event stream, and a crash report goes to
/// the unbuffered standard error. What is lost: a test's own prints not yet flushed when its
/// process crashes (Docs/Architecture.md, "Portability").
@Suite(.tags(.large))
struct LineBufferingRunTests {
    static func runWithoutStdbuf(_ fixture: String) async throws -> RunRecord {
        let reports = try TelltaleProcess.temporaryDirectory("\(fixture)-no-stdbuf")
        let run = try await FixtureRuns.shared.withBuilt(fixture: fixture) {
            try await TelltaleProcess.runProcess(
                TelltaleProcess.executable(),
                ["run", "--package", "Tests/Fixtures/\(fixture)", "--report-dir", reports, "--skip-build", "--no-history"],
                in: TelltaleProcess.repositoryRoot, environment: ["TELLTALE_STDBUF": "off"])
        }
        #expect(run.status == 1, "\(run.stderr)")
        return try RunRecordFile.read(path: "\(reports)/run.json")
    }

    @Test(arguments: ["CrashingFixture", "MixedFixture"])
    func verdictsAreTheSameWithoutStdbuf(fixture: String) async throws {
        let unbuffered = try await Self.runWithoutStdbuf(fixture)
        let buffered = try #require(try await FixtureRuns.shared.run(fixture: fixture).record)
        #expect(LauncherAgreementTests.verdicts(unbuffered) == LauncherAgreementTests.verdicts(buffered))
    }

    @Test func aCrashKeepsItsBlameAndLastLinesWithoutStdbuf() async throws {
        let record = try await Self.runWithoutStdbuf("CrashingFixture")
        let crashed = try #require(record.tests.first { $0.id.rawValue == "CrashingFixtureTests.CrashCases/testB_Crashes" })
        #expect(crashed.outcome == .error)
        #expect(crashed.primaryMessage?.text.contains("signal 4 (SIGILL)") == true)
        #expect(crashed.primaryMessage?.text.contains("Fatal error: boom from XCTest") == true)
        let mixed = try await Self.runWithoutStdbuf("MixedFixture")
        let printing = try #require(mixed.tests.first { $0.id.rawValue == "MixedFixtureTests.PassingCases/testPrintsOutput" })
        #expect(printing.output == "hello from XCTest\nsecond line")
    }
}
