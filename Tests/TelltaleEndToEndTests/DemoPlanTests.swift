import Foundation
import TelltaleModel
import TelltaleReports
import Testing

/// The README's main job: `telltale run Plans/demo.yml` boots the DemoShop backend
/// (Hummingbird + SQLite) in test mode, one per worker, and runs its suites with
/// reset/setup/teardown around every test.
@Suite(.tags(.large), .serialized)
struct DemoPlanTests {
    static let plan = "Plans/demo.yml"

    @Test func theDemoPlanBootsTheBackendAndPasses() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("demo")
        let result = try await TelltaleProcess.run(["run", Self.plan, "--report-dir", reports])
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stdout.contains("7 passed, 0 failed, 0 skipped"))
        #expect(result.stderr.contains("services ready in"))
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        #expect(record.tests.count == 7)
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(reports)/logs")
        #expect(logs.contains("backend-1.log"))
        #expect(logs.contains("backend-build.log"))
    }

    @Test func aBrokenTeardownCheckFailsExactlyThatTestWithTheBackendsMessage() async throws {
        let reports = try TelltaleProcess.temporaryDirectory("demo-broken")
        let original = try String(contentsOfFile: TelltaleProcess.repositoryRoot + "/" + Self.plan, encoding: .utf8)
        let environment = #"env: { DATABASE_PATH: "{run_dir}/shop-{worker}_test.sqlite" }"#
        try #require(original.contains(environment), "the demo plan's backend env changed; update this test")
        let broken = original.replacingOccurrences(
            of: environment,
            with: #"env: { DATABASE_PATH: "{run_dir}/shop-{worker}_test.sqlite", DEMO_BREAK_TEARDOWN: testPaymentDeclined }"#
        )
        let plan = reports + "/demo-broken-teardown.yml"
        try broken.write(toFile: plan, atomically: true, encoding: .utf8)

        let result = try await TelltaleProcess.run(["run", plan, "--report-dir", reports])
        #expect(result.status == 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let record = try RunRecordFile.read(path: "\(reports)/run.json")
        let failed = record.tests.filter { $0.outcome.isFailure }
        #expect(failed.map(\.id.rawValue) == ["DemoShopTests.CheckoutTests/testPaymentDeclined"])
        #expect(failed.first?.messages.map(\.text) == [
            "teardown check failed for DemoShopTests.CheckoutTests/testPaymentDeclined: expected 1 paid order(s), found 0",
        ])
        #expect(record.tests.count(where: { $0.outcome == .passed }) == 6)
    }
}
