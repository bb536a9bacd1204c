import Foundation
import TelltaleProcesses
import TelltaleTestSupport
import Testing

@testable import TelltaleServices

/// No service outlives Telltale, even when Telltale is killed with SIGKILL and
/// cannot clean up: the kernel's parent-death signal does it (see SpawnThread).
@Suite struct OrphanTests {
    /// `telltale-services-probe`, built next to this test binary.
    static var probe: String {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return binary.deletingLastPathComponent().appendingPathComponent("telltale-services-probe").path
    }

    @Test(.tags(.large), .enabled(if: ServiceLaunchInfo.parentDeathSignalAvailable))
    func killingTheSupervisingProcessWithSIGKILLKillsTheService() async throws {
        let fixture = try await FixtureService.shared.executable()
        let logs = NSTemporaryDirectory() + "TelltaleServicesTests-\(UUID().uuidString)"
        let parent = Process()
        parent.executableURL = URL(fileURLWithPath: Self.probe)
        parent.arguments = ["hold", logs, fixture, "--http"]
        let pipe = Pipe()
        parent.standardOutput = pipe
        try parent.run()
        // The probe prints the service's pid once the service is ready (read off the cooperative pool).
        let text = await ChildProcesses.firstLine(pipe)
        let pid = try #require(text.firstMatch(of: /service pid (\d+)/).flatMap { Int32($0.1) })
        // Another thread's exit (a pool thread going idle) must not kill the service, only the
        // death of the process: parentDeathSignalFiresWhenTheForkingThreadExits shows that
        // deterministically, so no wait for pool threads to time out is needed here.
        #expect(isAlive(pid), "the service died while its supervisor was alive")
        kill(parent.processIdentifier, SIGKILL)
        await ChildProcesses.waitForExit(parent)
        #expect(await processesEnd([pid]), "service \(pid) outlived its supervisor")
        if isAlive(pid) { kill(pid, SIGKILL) }
    }

    /// Why services are forked from SpawnThread: the parent-death signal follows
    /// the *thread* that forked the child, not the process.
    @Test(.tags(.medium), .enabled(if: ServiceLaunchInfo.parentDeathSignalAvailable))
    func parentDeathSignalFiresWhenTheForkingThreadExits() async throws {
        let fromSpawnThread = try await withTaskExecutorPreference(SpawnThread.shared) { try Self.spawnSleeper() }
        Self.waitUntilExecuted(fromSpawnThread)

        let fromShortThread = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let result = Result { try Self.spawnSleeper() }
                // setpriv must have set the signal before this thread exits: were the
                // thread gone first, the child would already have a new parent.
                if case .success(let pid) = result { Self.waitUntilExecuted(pid) }
                continuation.resume(with: result)
            }
            thread.start()
        }
        // That thread has exited (or is about to): the kernel kills its child.
        #expect(await processesEnd([fromShortThread]))
        Self.reap(fromShortThread)

        // Another thread's exit, seen above, left the spawn thread's child alone.
        #expect(isAlive(fromSpawnThread), "a child of the spawn thread must live as long as Telltale")
        kill(fromSpawnThread, SIGKILL)
        Self.reap(fromSpawnThread)
    }

    /// The sleeper outlasts any wait here (a busy 2-core CI machine once took 33 s over this
    /// test, and a 30 s sleeper ended by itself); the test kills it when done.
    static func spawnSleeper() throws -> pid_t {
        var pid: pid_t = 0
        let arguments = ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/bin/sleep", "3600"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// Waits (up to 10 s) until `setpriv` has set the parent-death signal and exec'd `sleep`:
    /// the child's `/proc/PID/exe` then names `sleep`. Polls the condition, yielding the CPU.
    static func waitUntilExecuted(_ pid: pid_t) {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            if exe.hasSuffix("/sleep") || !isAlive(pid) { return }
            sched_yield()
        }
    }

    /// A killed child stays a zombie (and `kill(pid, 0)` succeeds) until reaped.
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
