import Foundation
import Testing

/// A plan's suites choose the tests, as `swift test --filter/--skip` would.
@Suite(.tags(.large))
struct PlanRunTests {
    @Test func suitesSelectTheirTests() async throws {
        await FixtureRuns.shared.idle(fixture: "MixedFixture")
        _ = try await FixtureRuns.shared.run(fixture: "MixedFixture")
        let reports = try TelltaleProcess.temporaryDirectory("plan")
        let result = try await TelltaleProcess.run([
            "run", "\(ExitStatusTests.fixtures)/planSelectsSuites.yml", "--report-dir", reports, "--skip-build",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("5 passed, 0 failed, 0 skipped"))
    }

    @Test func planPrintGivesNormalisedYAMLThatValidates() async throws {
        let printed = try await TelltaleProcess.run(["plan", "print", "\(ExitStatusTests.fixtures)/planSelectsSuites.yml"])
        #expect(printed.status == 0, "stderr: \(printed.stderr)")
        #expect(printed.stdout.contains("name: passing-suites"))
        #expect(printed.stdout.contains("xctest-passing"))
        let file = try TelltaleProcess.temporaryDirectory("printed") + "/plan.yml"
        try printed.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let validated = try await TelltaleProcess.run(["plan", "validate", file])
        #expect(validated.status == 0, "stderr: \(validated.stderr)")
    }
}
