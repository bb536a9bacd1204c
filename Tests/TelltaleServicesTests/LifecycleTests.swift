import Foundation
import TelltaleServices
import TelltaleTestSupport
import Testing

@Suite struct LifecycleTests {
    @Test(.tags(.medium)) func crashMidRunIsNoticedAtOnceAndStopsTheRun() async throws {
        let (spec, context) = try await FixtureService.spec("crashy", ["--http", "--crash-after", "0.3"])
        let supervisor = try ServiceSupervisor(spec: spec, context: context)
        let error = await #expect(throws: ServiceError.self) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await supervisor.run() }
                try await supervisor.waitUntilReady()
                try await group.waitForAll()
            }
        }
        guard case .crashed(let service, _, let exit, let lines)? = error else {
            Issue.record("expected crashed, got \(String(describing: error))")
            return
        }
        #expect(service == "crashy")
        #expect(exit == .exited(42))
        #expect(lines.last == "fixture: crashing now")
        #expect(await supervisor.exitStatus == .exited(42))
        #expect(await supervisor.lastCrash == error)
        var events: [ServiceEvent] = []
        for await event in supervisor.events { events.append(event) }
        #expect(events.count == 2)
        if case .ready(1, _, _)? = events.first {} else { Issue.record("first event: \(events)") }
        #expect(events.last == .crashed(generation: 1, try #require(error)))
    }

    @Test(.tags(.medium)) func crashedServiceIsRestartedWhenThePlanSaysSo() async throws {
        let (spec, context) = try await FixtureService.spec("phoenix", ["--http", "--crash-after", "0.2"], onCrash: .restart)
        let supervisor = try ServiceSupervisor(spec: spec, context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            var seen: [String] = []
            for await event in supervisor.events {
                switch event {
                case .ready(let generation, _, _): seen.append("ready \(generation)")
                case .crashed(let generation, let error):
                    seen.append("crashed \(generation)")
                    #expect(error.lastLines.last == "fixture: crashing now")
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
