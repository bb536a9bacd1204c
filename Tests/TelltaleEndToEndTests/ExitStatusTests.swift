import Foundation
import TelltaleTestSupport
import Testing

/// The exit-status contract (`TelltaleExitCode`): 0 passed, 1 failed, 2 usage, 3 infrastructure;
/// 1 is also `MixedFixtureRunTests.failingTestsGiveExitOneAndTheClosingLine`, 130 `InterruptTests`.
@Suite(.tags(.large))
struct ExitStatusTests {
    static let fixtures = "\(TelltaleProcess.repositoryRoot)/Tests/TelltaleEndToEndTests/Fixtures"

    @Test func badPlanListsEveryProblemByLineAndStartsNothing() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("bad-plan") + "/reports"
        let result = try await TelltaleProcess.run(["run", "\(Self.fixtures)/badPlanListsEveryProblem.yml", "--report-dir", reports])
        #expect(result.status == 2)
        let problems = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(problems.count >= 5, "stderr: \(result.stderr)")
        for (line, keyPath) in [(1, "version"), (4, "filter[0]"), (7, "suites[0].timeout.test"), (8, "suites[0].retries"), (9, "suites[1]")] {
            #expect(
                problems.contains { $0.contains("badPlanListsEveryProblem.yml:\(line):") && $0.contains(keyPath) },
                "no problem reported at line \(line) for \(keyPath): \(result.stderr)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: reports), "a bad plan must not start anything, not even the report folder")
    }

    @Test func planValidateAgreesWithRun() async throws {
        let result = try await TelltaleProcess.run(["plan", "validate", "\(Self.fixtures)/badPlanListsEveryProblem.yml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("badPlanListsEveryProblem.yml:1:"))
    }

    @Test func buildFailureIsExitThreeWithTheCompilersError() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "BuildFailureFixture")
        #expect(run.process.status == 3, "stderr: \(run.process.stderr)")
        #expect(run.process.stderr.contains("build failed"))
        #expect(run.process.stderr.contains("Broken.swift:3:"))
        #expect(run.process.stderr.contains("error: "))
    }

    @Test func allPassingSelectionIsExitZero() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture", extraArguments: ["--filter", "PassingCases", "--skip", "Async"])
        #expect(run.process.status == 0, "stderr: \(run.process.stderr)")
        #expect(run.process.stdout.contains("2 passed, 0 failed, 0 skipped"))
        #expect(
            run.record?.tests.map(\.id.rawValue).sorted() == [
                "MixedFixtureTests.PassingCases/testAddition", "MixedFixtureTests.PassingCases/testPrintsOutput",
            ])
    }

    @Test func filterMatchingNothingIsUsageError() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "MixedFixture", extraArguments: ["--filter", "NoSuchTestAnywhere"])
        #expect(run.process.status == 2)
        #expect(run.process.stderr.contains("none of the package's 16 tests matches"))
    }

    @Test func invalidFilterIsUsageErrorBeforeAnyBuild() async throws {
        let result = try await TelltaleProcess.run([
            "run", "--package", "Tests/Fixtures/MixedFixture", "--filter", "(", "--report-dir", try TelltaleProcess.temporaryDirectory("bad-filter"),
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a valid regular expression"))
        #expect(!result.stderr.contains("building"))
    }

    @Test func missingPackageIsUsageErrorBeforeAnyBuild() async throws {
        let result = try await TelltaleProcess.run(["run", "--package", "/nonexistent/package"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no Swift package in /nonexistent/package (no Package.swift)"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("building"))
    }

    @Test func runOutsideAPackageRefusesAtOnceAndCreatesNothing() async throws {
        let empty = try TelltaleProcess.temporaryDirectory("not-a-package")
        let result = try await TelltaleProcess.run(["run"], in: empty)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no Swift package in this folder"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("building"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty, "a refused run must leave nothing behind")
    }

    /// A plan for an Xcode scheme is a usage error off macOS, naming what works there instead.
    @Test(.disabled(if: Platform.isMacOS, "macOS has xcodebuild"))
    func anXcodePlanOffMacOSIsUsageErrorNamingTheImport() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("xcode-plan")
        try """
        version: 1
        xcode: { project: Shop.xcodeproj, scheme: Shop, destination: "platform=iOS Simulator,name=iPhone 16" }
        """.write(toFile: "\(folder)/ios.yml", atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.run(["run", "\(folder)/ios.yml", "--report-dir", "\(folder)/Reports"])
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("xcodebuild, which only macOS has"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("telltale import xcresult"))
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/Reports"), "a refused run must leave nothing behind")
    }

    /// What reads a Swift package's targets and profiles is refused with `xcode:`, on any machine.
    @Test(arguments: [(["--changed"], "--changed reads a Swift package's targets"), (["--coverage"], "coverage is not collected under xcodebuild")])
    func anXcodePlanRefusesWhatOnlyPackagesHave(arguments: [String], message: String) async throws {
        let folder = try TelltaleProcess.temporaryDirectory("xcode-plan-options")
        try """
        version: 1
        xcode: { scheme: Shop, destination: "platform=iOS Simulator,name=iPhone 16" }
        """.write(toFile: "\(folder)/ios.yml", atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.run(["run", "\(folder)/ios.yml", "--report-dir", "\(folder)/Reports"] + arguments)
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    /// Bad usage is 2 with the argument parser's own message, never its EX_USAGE (64).
    @Test(arguments: [
        (["run", "--workers", "0"], "--workers must be at least 1"),
        (["run", "--bogus"], "Unknown option '--bogus'"),
        (["run", "--shard", "3/2"], "--shard"),
        (["report"], "Missing expected argument"),
        (["capture", "--port", "70000"], "--port must be 0...65535"),
        (["no-such-command"], "Unexpected argument 'no-such-command'"),
    ])
    func usageErrorsExitTwoWithTheParsersMessage(arguments: [String], message: String) async throws {
        let result = try await TelltaleProcess.run(arguments)
        #expect(result.status == 2, "\(arguments): stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): stderr: \(result.stderr)")
        #expect(result.stderr.contains("Usage:") || result.stderr.contains("Help:"), "\(arguments): stderr: \(result.stderr)")
    }

    @Test func helpAndVersionExitZero() async throws {
        #expect(try await TelltaleProcess.run(["--help"]).status == 0)
        #expect(try await TelltaleProcess.run(["run", "--help"]).stdout.contains("Exit status: 0 all tests passed"))
        #expect(try await TelltaleProcess.run(["--version"]).status == 0)
    }
}

/// Packages on older tools versions build test binaries without Swift Testing.
@Suite(.tags(.large))
struct XCTestOnlyPackageTests {
    @Test func packageWithoutSwiftTestingRunsItsXCTests() async throws {
        let run = try await FixtureRuns.shared.run(fixture: "XCTestOnlyFixture")
        #expect(run.process.status == 0, "stderr: \(run.process.stderr)")
        #expect(
            run.record?.tests.map(\.id.rawValue).sorted() == [
                "XCTestOnlyFixtureTests.OnlyXCTestCases/testOne", "XCTestOnlyFixtureTests.OnlyXCTestCases/testTwo",
            ])
    }
}
