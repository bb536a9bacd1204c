import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// The portable `OrphanGuard`: a small `sh` beside one child that stops it when Telltale dies.
///
/// The watcher reads a pipe whose only writer is Telltale. When the child ends, Telltale
/// writes a line and the watcher exits. When Telltale dies, even by SIGKILL, the kernel closes
/// the pipe, the watcher reads end-of-file, and stops the child as its `StopMethod` says:
/// SIGKILL to its process group, or SIGINT to the child first and SIGKILL to its group once it
/// has ended or the grace period has passed. The watcher sits in a process group of its own and
/// ignores SIGINT, SIGTERM and SIGHUP, so a terminal's Ctrl-C reaches Telltale, not it.
///
/// The script is fixed and gets the pid as an argument: no text from a plan or a test ever
/// reaches the shell. What is not covered: the moment between the child's start and its
/// watcher's (a few milliseconds), where a parent-death signal set before `exec` has none.
final class OrphanWatcher: Sendable {
    /// Reads one line (Telltale's all-clear) or end-of-file (Telltale is gone).
    static let script = """
        trap '' INT TERM HUP
        if read -r _; then exit 0; fi
        if [ "$2" = interrupt ] && kill -s INT "$1" 2>/dev/null; then
          waited=0
          while [ "$waited" -lt "$3" ] && kill -s 0 "$1" 2>/dev/null; do sleep 1; waited=$((waited + 1)); done
        fi
        kill -s KILL -- "-$1" 2>/dev/null
        exit 0
        """
    /// The watcher's `$0`, which names it in `ps`.
    static let processName = "telltale-orphan-guard"

    private let writeEnd: Mutex<FileDescriptor?>
    private let watching: Task<Void, Never>

    private init(writeEnd: FileDescriptor, watching: Task<Void, Never>) {
        self.writeEnd = Mutex(writeEnd)
        self.watching = watching
    }

    /// The arguments after the script: the pid, how to stop it, the grace in whole seconds.
    static func arguments(pid: pid_t, stop: StopMethod, grace: Duration) -> [String] {
        let seconds = max(1, Int((grace / .seconds(1)).rounded(.up)))
        return ["-c", script, processName, String(pid), stop == .interruptFirst ? "interrupt" : "group", String(seconds)]
    }

    /// Starts a watcher for `pid`; returns once it runs.
    static func start(guarding pid: pid_t, stop: StopMethod, grace: Duration) async throws -> OrphanWatcher {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ChildProcessError.launchFailed(command: processName, reason: "pipe: errno \(errno)") }
        // Neither end may leak into another child: the write end's only holder must be Telltale.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let readEnd = FileDescriptor(rawValue: ends[0])
        let writeEnd = FileDescriptor(rawValue: ends[1])
        var options = PlatformOptions()
        options.processGroupID = 0
        let (started, signal) = AsyncStream.makeStream(of: (any Error)?.self)
        let watching = Task {
            do {
                _ = try await Subprocess.run(
                    Configuration(
                        executable: .path("/bin/sh"), arguments: Arguments(arguments(pid: pid, stop: stop, grace: grace)),
                        platformOptions: options),
                    input: .fileDescriptor(readEnd, closeAfterSpawningProcess: true),
                    output: .discarded,
                    error: .discarded
                ) { _ in signal.yield(nil) }
            } catch {
                signal.yield(error)
            }
            signal.finish()
        }
        for await failure in started {
            if let failure {
                try? writeEnd.close()
                throw ChildProcessError.launchFailed(command: processName, reason: "\(failure)")
            }
            break
        }
        return OrphanWatcher(writeEnd: writeEnd, watching: watching)
    }

    /// The child has ended (or was stopped by Telltale): the watcher exits without a signal.
    func release() async {
        if let end = writeEnd.withLock({ end in
            defer { end = nil }
            return end
        }) {
            _ = try? end.writeAll(Array("done\n".utf8))
            try? end.close()
        }
        await watching.value
    }
}
