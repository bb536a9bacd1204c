import Foundation
import TelltaleTestSupport
import Testing

/// A plan's suites choose the tests, as `swift test --filter/--skip` would.
@Suite(.tags(.large))
struct PlanRunTests {
    @Test func suitesSelectTheirTests() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("plan")
        let result = try await FixtureRuns.shared.withBuilt(fixture: "MixedFixture") {
            try await TelltaleProcess.run([
                "run", "\(ExitStatusTests.fixtures)/planSelectsSuites.yml", "--report-dir", reports, "--skip-build",
            ])
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("5 passed, 0 failed, 0 skipped"))
    }

    /// A plan's paths are relative to its own folder: the same plan runs from another folder.
    @Test func aPlanRunsFromAnotherFolder() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("plan")
        let result = try await FixtureRuns.shared.withBuilt(fixture: "MixedFixture") {
            try await TelltaleProcess.runProcess(
                try TelltaleProcess.executable(),
                ["run", "TelltaleEndToEndTests/Fixtures/planSelectsSuites.yml", "--report-dir", reports, "--skip-build"],
                in: "\(TelltaleProcess.repositoryRoot)/Tests")
        }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("5 passed, 0 failed, 0 skipped"))
    }

    /// An expectation for a Swift Testing test written without its `()` selects nothing: a
    /// warning with the real id before anything runs, and exit 2 under `--strict`.
    @Test func aSelectorThatSelectsNothingIsLoud() async throws {
        let folder = try TelltaleProcess.temporaryDirectory("selector")
        let plan = "\(folder)/plan.yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/Tests/Fixtures/MixedFixture
        filter: [SwiftTestingPassing]
        expectations:
          MixedFixtureTests.SwiftTestingPassing/addition:
            forbid: [app_crash]
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let (warned, strict) = try await FixtureRuns.shared.withBuilt(fixture: "MixedFixture") {
            (
                try await TelltaleProcess.run(["run", plan, "--report-dir", "\(folder)/a", "--skip-build"]),
                try await TelltaleProcess.run(["run", plan, "--report-dir", "\(folder)/b", "--skip-build", "--strict"])
            )
        }
        #expect(warned.status == 0, "stderr: \(warned.stderr)")
        #expect(
            warned.stderr.contains(
                "warning: \(plan):5:3: expectations for MixedFixtureTests.SwiftTestingPassing/addition select no test of the package; "
                    + "did you mean `MixedFixtureTests.SwiftTestingPassing/addition()`?"), "\(warned.stderr)")
        #expect(strict.status == 2, "stderr: \(strict.stderr)")
        #expect(strict.stderr.contains("\(plan):5:3: error: expectations.MixedFixtureTests.SwiftTestingPassing/addition: selects no test"))
        #expect(strict.stderr.contains("hint: did you mean `MixedFixtureTests.SwiftTestingPassing/addition()`?"))
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/b/run.json"), "nothing ran")
    }

    @Test func planPrintGivesNormalisedYAMLThatValidates() async throws {
        let printed = try await TelltaleProcess.run(["plan", "print", "\(ExitStatusTests.fixtures)/planSelectsSuites.yml"])
        #expect(printed.status == 0, "stderr: \(printed.stderr)")
        #expect(printed.stdout.contains("name: passing-suites"))
        #expect(printed.stdout.contains("xctest-passing"))
        // Beside the plan it came from: the printed paths are as written, relative to that folder.
        let file = "\(ExitStatusTests.fixtures)/printed-\(UUID().uuidString).yml"
        try printed.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let validated = try await TelltaleProcess.run(["plan", "validate", file])
        #expect(validated.status == 0, "stderr: \(validated.stderr)")
    }
}

/// `plan validate` also reads the plan's tracking plan and checks the expected events against it.
@Suite(.tags(.large))
struct PlanValidateCatalogTests {
    /// A misspelt expected event is a problem; `forbid: [app_crash]`, an event the tracking plan
    /// does not list, is not (forbidding it is the point).
    @Test func planValidateReportsEventsMissingFromTheTrackingPlan() async throws {
        let plan = "\(ExitStatusTests.fixtures)/planValidateReportsEventsMissingFromTheTrackingPlan.yml"
        let result = try await TelltaleProcess.run(["plan", "validate", plan])
        #expect(result.status == 2, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let block = "expectations.MixedFixtureTests.PassingCases/testAddition"
        #expect(
            result.stderr == """
                \(plan):8:14: error: \(block): event `purchse_completed` is not in the tracking plan
                  hint: did you mean `purchase_completed`? add it to \(ExitStatusTests.fixtures)/\
                planValidateReportsEventsMissingFromTheTrackingPlan.events.yml, or fix the name

                """)
        // `run` makes the same checks before anything starts, with the same messages.
        let run = try await TelltaleProcess.run(["run", plan, "--report-dir", try TelltaleProcess.temporaryDirectory("catalog")])
        #expect(run.status == 2)
        #expect(run.stderr == result.stderr, "run:\n\(run.stderr)\nvalidate:\n\(result.stderr)")
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
