import Foundation
import TelltaleServices
import TelltaleTestSupport
import Testing

@Suite struct TestModeClientTests {
    @Test(.tags(.medium)) func resetSetupAndTeardownReachTheService() async throws {
        let (spec, context) = try await FixtureService.spec(
            "backend", ["--http"], testMode: TestModePaths(), database: "{run_dir}/shop_test.sqlite"
        )
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let client = try TestModeClient(for: supervisor, timeout: hangLimit)
            try await client.reset()
            try await client.setup(test: "DemoShopTests.CheckoutTests/testPurchase")
            try await client.teardown(test: "DemoShopTests.CheckoutTests/testPurchase")
        }
        // Read after the stop: an answer can arrive before the line the fixture printed for it is read.
        let log = try String(contentsOfFile: context.logDirectory + "/backend.log", encoding: .utf8)
        #expect(log.contains("fixture: POST /tests/reset"))
        #expect(log.contains("fixture: POST /tests/setup?test=DemoShopTests.CheckoutTests%2FtestPurchase"))
    }

    @Test(.tags(.medium)) func failingTeardownIsAnErrorWhoseMessageIsTheBody() async throws {
        let (spec, context) = try await FixtureService.spec("backend", ["--http"], testMode: TestModePaths())
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let client = try TestModeClient(for: supervisor)
            let error = await #expect(throws: ServiceError.self) {
                try await client.teardown(test: "Tests/testFail")
            }
            #expect(error?.errorDescription == "expected 1 order row for Tests/testFail, found 0")
            guard case .testModeRejected(_, _, let url, let status, _)? = error else {
                Issue.record("expected testModeRejected, got \(String(describing: error))")
                return
            }
            #expect(status == 500)
            #expect(url.hasSuffix("/tests/teardown?test=Tests%2FtestFail"))
        }
    }

    @Test(.tags(.medium)) func aCallThatTakesTooLongTimesOut() async throws {
        let (spec, context) = try await FixtureService.spec("backend", ["--http"])
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let url = try #require(supervisor.url)
            let client = TestModeClient(
                service: "backend", baseURL: url, paths: TestModePaths(reset: "/slow"), timeout: .milliseconds(300)
            )
            // The route answers only after 5 minutes: the error names the 300 ms limit that cut it
            // short. (It answered after 5 s once, and a loaded machine stalled the client's event
            // loop longer: NIO reads the answer before it runs the timer that was due first.)
            let error = await #expect(throws: ServiceError.self) { try await client.reset() }
            #expect(error?.errorDescription?.contains("no answer within 0.3s") == true)
        }
    }

    @Test(.tags(.medium)) func theGuardRefusesADatabaseNotNamedForTestsBeforeAnyCall() async throws {
        let (spec, context) = try await FixtureService.spec(
            "backend", ["--http"], testMode: TestModePaths(), database: "{run_dir}/shop.sqlite"
        )
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let error = #expect(throws: ServiceError.self) { try TestModeClient(for: supervisor) }
            #expect(error?.errorDescription?.contains("its name 'shop' does not end in `_test`") == true)
            #expect(!(await supervisor.lastLines().contains { $0.contains("POST") }))
        }
    }
}
