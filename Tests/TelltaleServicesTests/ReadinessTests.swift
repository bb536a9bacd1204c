import Foundation
import TelltaleServices
import TelltaleTestSupport
import Testing

@Suite struct ReadinessTests {
    @Test(.tags(.medium)) func fastServiceIsReadyByHTTPWithinMilliseconds() async throws {
        let (spec, context) = try await FixtureService.spec("fast", ["--http"])
        let port = try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            #expect(await supervisor.generation == 1)
            let url = try #require(supervisor.url)
            #expect(url.host == "127.0.0.1")
            return supervisor.port
        }
        let log = try String(contentsOfFile: context.logDirectory + "/fast.log", encoding: .utf8)
        // Every line carries a timestamp, so a report can cut out one test's window.
        #expect(log.contains(try #require(port).description))
        let listening = try #require(log.split(separator: "\n").first { $0.contains("fixture listening on") })
        #expect(listening.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z fixture listening on .*/) != nil)
    }

    @Test(.tags(.medium)) func readyByTCPConnect() async throws {
        let (spec, context) = try await FixtureService.spec("tcp", ["--tcp"], probe: .tcp)
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            #expect(await supervisor.pid != nil)
        }
    }

    @Test(.tags(.medium)) func readyByLogLineWithoutAPort() async throws {
        let (spec, context) = try await FixtureService.spec(
            "logged", ["--log"], port: .none, probe: .log(pattern: #"listening on http://127\.0\.0\.1:\d+"#)
        )
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            #expect(supervisor.url == nil)
            #expect(await supervisor.lastLines().contains { $0.contains("listening on") })
        }
    }

    @Test(.tags(.medium)) func slowServiceIsWaitedFor() async throws {
        let (spec, context) = try await FixtureService.spec("slow", ["--http", "--ready-after", "0.5"])
        let started = ContinuousClock.now
        try await ServiceSupervisor.withRunning(spec, context: context) { _ in
            let waited = ContinuousClock.now - started
            // No upper bound in wall time: a loaded CI machine stretches it, and a wait past the
            // readiness timeout would have thrown instead.
            #expect(waited >= .milliseconds(500))
        }
        // The probe was refused until the port opened, and then got an answer. Read after the
        // stop: the answer can arrive before the line the fixture printed for it is read.
        let log = try String(contentsOfFile: context.logDirectory + "/slow.log", encoding: .utf8)
        #expect(log.contains("fixture: GET /health"))
    }

    @Test(.tags(.medium)) func neverReadyFailsAfterTheTimeoutWithItsOutput() async throws {
        let (spec, context) = try await FixtureService.spec("stuck", ["--never-ready"], timeout: .milliseconds(400), grace: .milliseconds(200))
        let error = await #expect(throws: ServiceError.self) {
            try await ServiceSupervisor.withRunning(spec, context: context) { _ in }
        }
        // The 400 ms limit applied (not the fixture's default): the error names it. Wall time
        // is not checked; a loaded CI machine once took 8.1 s over this test.
        guard case .notReady(let service, _, let check, let timeout, let lines)? = error else {
            Issue.record("expected notReady, got \(String(describing: error))")
            return
        }
        #expect(service == "stuck")
        #expect(check == "GET /health answering 200")
        #expect(timeout == .milliseconds(400))
        #expect(lines.contains { $0.contains("fixture starting") })
        #expect(error?.errorDescription?.contains("was not ready after 0.4s") == true)
    }

    @Test(.tags(.medium)) func exitAtStartFailsAtOnceWithExitStatusAndLastLines() async throws {
        // A readiness timeout far longer than the fixture needs to exit, even on a machine so
        // loaded that it starved the fixture for 10 s (seen once in a full test run).
        let (spec, context) = try await FixtureService.spec("broken", ["--exit-at-start", "3"], timeout: .seconds(120))
        let error = await #expect(throws: ServiceError.self) {
            try await ServiceSupervisor.withRunning(spec, context: context) { _ in }
        }
        // Noticed as the process exits: at the readiness timeout it would be `notReady`.
        guard case .exitedBeforeReady(_, let command, let exit, let lines)? = error else {
            Issue.record("expected exitedBeforeReady, got \(String(describing: error))")
            return
        }
        #expect(exit == .exited(3))
        #expect(command.hasSuffix("service-fixture --exit-at-start 3"))
        #expect(lines.suffix(2) == ["fixture: cannot open the database", "fixture: fatal: giving up"])
        let message = try #require(error?.errorDescription)
        #expect(message.contains("ended with exit status 3 before it was ready"))
        #expect(message.contains("  | fixture: fatal: giving up"))
    }

    @Test(.tags(.medium)) func lotsOfOutputIsLoggedInFullWithoutBlockingTheService() async throws {
        let count = 100_000
        // A generous limit: the output is read on Swift's cooperative pool, which the test suite's
        // other tests share (two threads on a two-core CI machine); alone this takes seconds.
        let (spec, context) = try await FixtureService.spec(
            "noisy", ["--log", "--spam-lines", String(count)], port: .none, probe: .log(pattern: "^spam done$"),
            timeout: .seconds(300)
        )
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let lines = await supervisor.lastLines()
            #expect(lines.count == ServiceError.tailLength)
            #expect(lines.last == "spam done")
        }
        let log = try String(contentsOfFile: context.logDirectory + "/noisy.log", encoding: .utf8)
        let spam = log.split(separator: "\n").filter { $0.contains(" spam line ") }
        #expect(spam.count == count)
        #expect(spam.last?.hasSuffix("spam line \(count) of \(count): the quick brown fox jumps over the lazy dog") == true)
    }
}
