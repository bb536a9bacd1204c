import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// The README's main job: `telltale run Plans/demo.yml` boots the DemoShop backend
/// (Hummingbird + SQLite) in test mode, one per worker, and runs its suites inside the
/// automatic lifecycle: reset/setup before every test, teardown and the checks of its
/// analytics events (plan expectations, Plans/demo-events.yml) after it.
@Suite(.tags(.large), .serialized)
struct DemoPlanTests {
    static let plan = "Plans/demo.yml"
    static let package = "\(TelltaleProcess.repositoryRoot)/Examples/DemoShop"

    /// The plan's backend build: `demo-backend` is a target of this repository's package.
    static let backendBuild = "    build: [swift, build, --product, demo-backend]\n"

    /// The README's run, once, before any other run of the demo package. It builds DemoShop as
    /// `telltale run` does (`swift test list`, as FixtureBuilds or Scripts/build-fixtures built it
    /// just before: nothing to do). It runs the plan as written but for the backend's `build:`:
    /// `swift test` holds this repository's build folder for as long as the tests run, so SwiftPM
    /// would wait for ever, and `swift build --build-tests` built `demo-backend` before the tests.
    /// Every later run is `--skip-build`.
    static let readme = Task { () throws -> (result: TelltaleProcess.Result, reports: String) in
        let reports = try TelltaleProcess.temporaryDirectory("demo")
        let plan = try copyOfTheDemoPlan(in: reports, changes: [(backendBuild, "")])
        let result = try await FixtureBuilds.shared.withBuilt(package) { try await TelltaleProcess.run(["run", plan, "--report-dir", reports]) }
        return (result, reports)
    }

    /// A run of the demo package with its tests built (`--skip-build`), after the README's, while
    /// no other run uses the package's build folder.
    static func run(_ arguments: [String]) async throws -> TelltaleProcess.Result {
        _ = try await readme.value
        return try await PackageLock.withLock(package) { try await TelltaleProcess.run(arguments + ["--skip-build"]) }
    }

    @Test func theDemoPlanBootsTheBackendAndPasses() async throws {
        let (result, reports) = try await Self.readme.value
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stdout.contains("7 passed, 0 failed, 0 skipped"))
        #expect(result.stderr.contains("services ready in"))
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(record.tests.count == 7)
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(reports)/logs")
        #expect(logs.contains("backend-1.log"))
        let build = try String(contentsOfFile: "\(reports)/logs/build.log", encoding: .utf8)
        // SwiftPM names the plugins it checks ("Compiling plugin …") even when nothing changed.
        let compiled = build.split(separator: "\n").filter { $0.contains("Compiling") && !$0.contains("Compiling plugin") }
        #expect(build.contains("Build complete!") && compiled.isEmpty, "prebuilt as the run builds: \(build)")
        // Every test's events were attributed to it and checked.
        let verification = try #require(record.verification)
        #expect(verification.passed)
        #expect(verification.tests.count == 7)
        #expect(verification.tests.allSatisfy { $0.eventCount > 0 }, "\(verification.tests.map { ($0.test, $0.eventCount) })")
        #expect(verification.unattributedEventCount == 0)
        #expect(verification.coverage?.unproduced == [])
        #expect(verification.unusedSelectors == [])
    }

    // A wrong expected parameter failing exactly its test, naming the parameter at the
    // expectation's line: DemoSchemaPlanTests, whose runs change one in each plan format.

    @Test func aBrokenTeardownCheckFailsExactlyThatTestWithTheBackendsMessage() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("demo-broken")
        let plan = try Self.copyOfTheDemoPlan(
            in: reports,
            changes: [
                (
                    #"env: { DATABASE_PATH: "{run_dir}/shop-{worker}_test.sqlite" }"#,
                    #"env: { DATABASE_PATH: "{run_dir}/shop-{worker}_test.sqlite", DEMO_BREAK_TEARDOWN: testPaymentDeclined }"#
                )
            ]
        )

        let result = try await Self.run(["run", plan, "--report-dir", reports])
        #expect(result.status == 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let failed = record.tests.filter { $0.outcome.isFailure }
        #expect(failed.map(\.id.rawValue) == ["DemoShopTests.CheckoutTests/testPaymentDeclined"])
        #expect(
            failed.first?.messages.map(\.text) == [
                "teardown check failed for DemoShopTests.CheckoutTests/testPaymentDeclined: expected 1 paid order(s), found 0"
            ])
        #expect(record.tests.count(where: { $0.outcome == .passed }) == 6)
    }

    /// The demo plan with `changes` made, written into `folder` as `plan.yml`. A plan's paths are
    /// relative to its own folder, so the copy's point back at the repository: its package, its
    /// tracking plan and the backend it builds.
    static func copyOfTheDemoPlan(in folder: String, changes: [(String, String)]) throws -> String {
        let root = TelltaleProcess.repositoryRoot
        var text = try String(contentsOfFile: root + "/" + plan, encoding: .utf8)
        let paths = [
            ("package: ../Examples/DemoShop", "package: \(root)/Examples/DemoShop"), ("cwd: ..\n", "cwd: \(root)\n"),
            ("[../.build/debug/demo-backend", "[\(root)/.build/debug/demo-backend"),
        ]
        for (original, replacement) in changes + paths {
            try #require(text.contains(original), "the demo plan no longer contains '\(original)'; update this test")
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        // The demo's own tracking plan, unless a change named another.
        text = text.replacingOccurrences(of: "catalog: demo-events.yml", with: "catalog: \(root)/Plans/demo-events.yml")
        let path = folder + "/plan.yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
