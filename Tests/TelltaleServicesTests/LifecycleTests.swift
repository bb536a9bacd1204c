import Foundation
import TelltaleServices
import TelltaleTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A crash is asked of the fixture once the supervisor has seen it ready (`POST /crash`), never
/// timed: a service that crashes a fixed time after its first answer may, on a loaded machine,
/// crash before the supervisor has read that answer, which is another case (not ready).
@Suite struct LifecycleTests {
    /// Asks the running fixture to exit with status 42 (it answers first).
    static func crash(_ supervisor: ServiceSupervisor) async throws {
        let url = try #require(supervisor.url?.appendingPathComponent("crash"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
    }

    @Test(.tags(.medium)) func crashMidRunIsNoticedAtOnceAndStopsTheRun() async throws {
        let (spec, context) = try await FixtureService.spec("crashy", ["--http"])
        let supervisor = try ServiceSupervisor(spec: spec, context: context)
        let error = await #expect(throws: ServiceError.self) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await supervisor.run() }
                try await supervisor.waitUntilReady()
                try await Self.crash(supervisor)
                try await group.waitForAll()
            }
        }
        guard case .crashed(let service, _, let exit, let lines)? = error else {
            Issue.record("expected crashed, got \(String(describing: error))")
            return
        }
        #expect(service == "crashy")
        #expect(exit == .exited(42))
        #expect(lines.last == "fixture: crashing on request")
        #expect(await supervisor.exitStatus == .exited(42))
        #expect(await supervisor.lastCrash == error)
        var events: [ServiceEvent] = []
        for await event in supervisor.events { events.append(event) }
        #expect(events.count == 2)
        if case .ready(1, _, _)? = events.first {} else { Issue.record("first event: \(events)") }
        #expect(events.last == .crashed(generation: 1, try #require(error)))
    }

    @Test(.tags(.medium)) func crashedServiceIsRestartedWhenThePlanSaysSo() async throws {
        let (spec, context) = try await FixtureService.spec("phoenix", ["--http"], onCrash: .restart)
        let supervisor = try ServiceSupervisor(spec: spec, context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            var seen: [String] = []
            for await event in supervisor.events {
                switch event {
                case .ready(let generation, _, _):
                    seen.append("ready \(generation)")
                    if generation == 1 { try await Self.crash(supervisor) }
                case .crashed(let generation, let error):
                    seen.append("crashed \(generation)")
                    #expect(error.lastLines.last == "fixture: crashing on request")
                case .restarting(let generation): seen.append("restarting \(generation)")
                }
                if seen.count == 4 { break }
            }
            #expect(seen == ["ready 1", "crashed 1", "restarting 2", "ready 2"])
            #expect(await supervisor.generation == 2)
            group.cancelAll()
        }
    }

    @Test(.tags(.medium)) func restartStartsANewProcessAndWaitsForIt() async throws {
        let (spec, context) = try await FixtureService.spec("again", ["--http"])
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            let first = try #require(await supervisor.pid)
            try await supervisor.restart()
            let second = try #require(await supervisor.pid)
            #expect(first != second)
            #expect(!isAlive(first))
            #expect(await supervisor.generation == 2)
        }
    }

    @Test(.tags(.large)) func serviceIgnoringSIGTERMIsKilledAfterTheGracePeriod() async throws {
        let grace = Duration.milliseconds(500)
        let (spec, context) = try await FixtureService.spec("stubborn", ["--http", "--ignore-sigterm"], grace: grace)
        var pid: Int32 = 0
        var stopping = ContinuousClock.now
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            pid = try #require(await supervisor.pid)
            stopping = ContinuousClock.now
        }
        let stopTook = ContinuousClock.now - stopping
        #expect(!isAlive(pid))
        #expect(stopTook >= grace)
        // The fixture never exits by itself, so getting here at all means SIGKILL came. The bound
        // is loose: a clean-clone CI run on a loaded 2-core machine took 4.54 s over this.
        #expect(stopTook < grace + .seconds(30))
    }

    @Test(.tags(.medium)) func stoppingEndsTheServiceAndWaitsForIt() async throws {
        let (spec, context) = try await FixtureService.spec("polite", ["--http"])
        let pid = try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            try #require(await supervisor.pid)
        }
        // withRunning returns only after the process group is gone.
        #expect(!isAlive(pid))
        let log = try String(contentsOfFile: context.logDirectory + "/polite.log", encoding: .utf8)
        #expect(log.contains("[telltale] started pid \(pid)"))
    }

    @Test(.tags(.medium)) func workerInstancesGetTheirOwnPortAndLog() async throws {
        var (spec, context) = try await FixtureService.spec("backend", ["--http"])
        spec.scope = .worker
        spec.environment = ["DATA": "{run_dir}/data-{worker}.sqlite"]
        context.worker = 2
        try await ServiceSupervisor.withRunning(spec, context: context) { supervisor in
            #expect(supervisor.instanceName == "backend-2")
            #expect(supervisor.logPath.hasSuffix("/logs/backend-2.log"))
        }
        #expect(FileManager.default.fileExists(atPath: context.logDirectory + "/backend-2.log"))
    }
}
