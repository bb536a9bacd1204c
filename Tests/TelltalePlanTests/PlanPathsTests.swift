import Foundation
import TelltalePlan
import TelltaleTestSupport
import Testing

/// A plan's paths are relative to its own folder, so it runs the same from any working directory.
@Suite struct PlanPathsTests {
    @Test(.tags(.small)) func pathsResolveAgainstThePlansFolder() {
        #expect(Plan.resolve("..", inPlan: "MyApp/Plans/app.yml") == "MyApp")
        #expect(Plan.resolve("../Examples/Shop", inPlan: "Plans/demo.yml") == "Examples/Shop")
        #expect(Plan.resolve("events.yml", inPlan: "Plans/demo.yml") == "Plans/events.yml")
        #expect(Plan.resolve(".", inPlan: "app.yml") == ".")
        #expect(Plan.resolve("../../x", inPlan: "Plans/demo.yml") == "../x", "above the working directory it stays relative")
        #expect(Plan.resolve("/abs/pkg", inPlan: "Plans/demo.yml") == "/abs/pkg")
        #expect(Plan.resolve("./a/./b/../c", inPlan: "/p/plan.yml") == "/p/a/c")
    }

    @Test(.tags(.small)) func resolvingPathsMovesEveryPathButLeavesThePlanAsWritten() throws {
        let yaml = """
            version: 1
            package: ..
            xctestplan: ../App.xctestplan
            history: ../.telltale/h.sqlite
            reports: { dir: ../Reports }
            capture: { catalog: events.yml }
            services:
              backend:
                command: [../.build/debug/server, --test]
                build: [swift, build]
            """
        let written = try PlanLoader().parse(
            yaml: yaml.replacingOccurrences(of: "xctestplan: ../App.xctestplan\n", with: ""), file: "MyApp/Plans/app.yml")
        #expect(written.package == "..")
        let plan = written.resolvingPaths()
        #expect(plan.package == "MyApp")
        #expect(plan.capture.catalog == "MyApp/Plans/events.yml")
        #expect(plan.reports.dir == "MyApp/Reports")
        #expect(plan.history == .file("MyApp/.telltale/h.sqlite"))
        #expect(plan.services.first?.cwd == "MyApp/Plans", "a service runs in the plan's folder by default")
        #expect(plan.services.first?.command == ["MyApp/.build/debug/server", "--test"])
        #expect(plan.services.first?.build == ["swift", "build"], "a command found on PATH stays as it is")
        #expect(Plan.defaultPlan(package: "x").resolvingPaths().package == "x", "a default plan has no file to be relative to")
    }

    /// `plan validate` and `run` make one set of checks: the plan's own problems and its
    /// tracking plan's, with the expectations against the tracking plan, in one pass.
    @Test(.tags(.medium)) func loadCheckedReportsThePlanAndTheTrackingPlanAtOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 6.2\n", to: "App/Package.swift")
        try directory.write("version: 1\nevents:\n  signup: { params: {} }\n", to: "App/Plans/events.yml")
        let plan = try directory.write(
            """
            version: 1
            package: ..
            retries: many
            capture: { catalog: events.yml }
            expectations:
              App.Tests/testSignup:
                events: [{ name: sign_up }]
            """, to: "App/Plans/app.yml")
        let error = #expect(throws: PlanError.self) { try PlanLoader().loadChecked(path: plan) }
        let problems = error?.problems ?? []
        #expect(problems.map(\.keyPath) == ["retries", "expectations.App.Tests/testSignup"], "\(problems)")
        #expect(problems.last?.message.contains("sign_up") == true)

        try directory.write("version: 1\npackage: ..\ncapture: { catalog: events.yml }\n", to: "App/Plans/app.yml")
        let checked = try PlanLoader().loadChecked(path: plan)
        #expect(checked.plan.package == (directory.path as NSString).appendingPathComponent("App"))
        #expect(checked.catalog?.events.map(\.name) == ["signup"])

        // `forbid: app_crash` with no `app_crash` in the tracking plan, as Verification.md writes it: no problem.
        try directory.write(
            "version: 1\npackage: ..\ncapture: { catalog: events.yml }\nexpectations:\n  App.Tests/testSignup:\n    forbid: app_crash\n",
            to: "App/Plans/app.yml")
        let forbidding = try PlanLoader().loadChecked(path: plan)
        #expect(forbidding.plan.expectations.first?.forbid.map(\.name) == ["app_crash"])
        #expect(forbidding.warnings.isEmpty)
    }
}
