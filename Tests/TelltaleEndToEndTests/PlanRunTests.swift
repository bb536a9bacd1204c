import Foundation
import TelltaleTestSupport
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

/// `plan validate` also reads the plan's tracking plan and checks the expected events against it.
@Suite(.tags(.large))
struct PlanValidateCatalogTests {
    @Test func planValidateReportsEventsMissingFromTheTrackingPlan() async throws {
        let plan = "\(ExitStatusTests.fixtures)/planValidateReportsEventsMissingFromTheTrackingPlan.yml"
        let result = try await TelltaleProcess.run(["plan", "validate", plan])
        #expect(result.status == 2, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let block = "expectations.MixedFixtureTests.PassingCases/testAddition"
        #expect(
            result.stderr == """
                \(plan):8:14: error: \(block): event `purchse_completed` is not in the tracking plan
                  hint: did you mean `purchase_completed`? add it to Tests/TelltaleEndToEndTests/Fixtures/\
                planValidateReportsEventsMissingFromTheTrackingPlan.events.yml, or fix the name
                \(plan):9:14: error: \(block): event `app_crash` is not in the tracking plan
                  hint: add it to Tests/TelltaleEndToEndTests/Fixtures/planValidateReportsEventsMissingFromTheTrackingPlan.events.yml, \
                or fix the name

                """)
    }

    @Test func planValidateReportsProblemsInsideTheTrackingPlan() async throws {
        let directory = try TelltaleProcess.temporaryDirectory("catalog")
        let catalog = "\(directory)/events.yml"
        try "events:\n  a:\n    params:\n      x: { type: strng }\n".write(toFile: catalog, atomically: true, encoding: .utf8)
        let plan = "\(directory)/plan.yml"
        let package = "\(TelltaleProcess.repositoryRoot)/Tests/Fixtures/MixedFixture"
        try "version: 1\npackage: \(package)\ncapture: { catalog: \(catalog) }\n".write(toFile: plan, atomically: true, encoding: .utf8)
        let result = try await TelltaleProcess.run(["plan", "validate", plan])
        #expect(result.status == 2, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("\(catalog):4:18: error: events.a.params.x.type: unknown type 'strng'"), "stderr: \(result.stderr)")

        try FileManager.default.removeItem(atPath: catalog)
        let missing = try await TelltaleProcess.run(["plan", "validate", plan])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.hasPrefix("\(plan):3:21: error: capture.catalog: there is no tracking plan at '\(catalog)'"), "stderr: \(missing.stderr)")
    }
}
