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
        let fixture = try await FixtureService.executable()
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

        // setpriv has set the signal before this thread exits (spawnSleeper waits for the
        // child's word): were the thread gone first, the child would already have a new parent.
        let fromShortThread = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try Self.spawnSleeper() }) }
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

    /// Starts a sleeper under `setpriv --pdeathsig KILL` and returns once setpriv has set the
    /// signal: the shell it then starts says so on its standard output (a word from the child,
    /// not a wait), then becomes `sleep`, which keeps the signal. The sleeper outlasts any wait
    /// here; the test kills it when done.
    static func spawnSleeper() throws -> pid_t {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        var pid: pid_t = 0
        let arguments = ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/bin/sh", "-c", "echo started; exec /bin/sleep 3600"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        // Blocks this thread (never one of Swift's pool: SpawnThread, or a thread of its own)
        // until the line comes, or the child ends without it.
        var byte: UInt8 = 0
        var line = ""
        while read(descriptors[0], &byte, 1) == 1, byte != 10 { line.append(Character(UnicodeScalar(byte))) }
        guard line == "started" else { throw POSIXError(.ECHILD) }
        return pid
    }

    /// A killed child stays a zombie (and `kill(pid, 0)` succeeds) until reaped.
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
