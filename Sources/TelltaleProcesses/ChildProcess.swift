import Foundation
import Subprocess
import SystemPackage

/// Runs one child process and hands each line it writes to a callback as it arrives: the
/// one way Telltale starts a process, for builds, test binaries and services alike.
///
/// Standard output and standard error share one pipe, so lines keep the order the
/// child wrote them in. The child gets a process group of its own, so cancelling
/// the calling task tears down the child and everything it started (SIGTERM to the
/// group, then SIGKILL after `gracePeriod`) without touching Telltale itself; when
/// the child exits, whatever it left running in its group is killed too. The child
/// also dies if Telltale is killed outright (see `OrphanGuard`).
package struct ChildProcess: Sendable {
    package var executable: String
    package var arguments: [String]
    /// Variables set on top of Telltale's own environment.
    package var environment: [String: String]
    package var workingDirectory: String?
    /// Forces the child's C stdio to line buffering (see `LineBuffering`) so that output
    /// printed just before a crash is not lost in a buffer.
    package var lineBuffered: Bool
    /// How long the child has between the first signal and SIGKILL when it is stopped.
    package var gracePeriod: Duration
    /// How the child is stopped: its group, or (for `swift test`) SIGINT to it first.
    package var stop: StopMethod
    /// When set, the child's standard output goes to this file (created, or emptied) and only its
    /// standard error reaches `onLine`: for tools whose output is data (`llvm-cov export`), which
    /// a warning on standard error must not interleave with.
    package var standardOutputFile: String?

    package init(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        lineBuffered: Bool = false,
        gracePeriod: Duration = .seconds(2),
        stop: StopMethod = .group
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.lineBuffered = lineBuffered
        self.gracePeriod = gracePeriod
        self.stop = stop
    }

    /// The command line as a person would type it, for messages.
    package var commandLine: String {
        ([executable] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Starts the child, calls `onLine` for each line of output, and returns how it ended.
    /// `control`, if given, can kill the child while it runs; `onStart` learns its pid.
    /// A child that cannot start throws `ChildProcessError`; cancellation ends the group
    /// and rethrows.
    package func run(
        control: ProcessControl? = nil,
        onStart: (@Sendable (pid_t) async -> Void)? = nil,
        onLine: @escaping @Sendable (String) async -> Void
    ) async throws -> ProcessExit {
        var launch = (executable: executable, arguments: arguments)
        if lineBuffered { launch = LineBuffering.wrap(launch.executable, launch.arguments) }
        let orphanGuard = OrphanGuard.guarding(stop)
        if orphanGuard == .parentDeathSignal { launch = ParentDeathSignal.wrap(launch.executable, launch.arguments) }
        var options = PlatformOptions()
        // Its own process group: stopping the child stops whatever it started, and never Telltale.
        options.processGroupID = 0
        switch stop {
        case .group:
            options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: gracePeriod)]
        case .interruptFirst:
            options.teardownSequence = [
                .send(signal: .interrupt, toProcessGroup: false, allowedDurationToNextStep: gracePeriod),
                .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .milliseconds(200)),
            ]
        }

        let overrides = environment.reduce(into: [Environment.Key: String?]()) { result, entry in
            if let key = Environment.Key(rawValue: entry.key) { result[key] = entry.value }
        }
        let executablePath =
            launch.executable.contains("/")
            ? Executable.path(FilePath(launch.executable))
            : Executable.name(launch.executable)
        do {
            let status: TerminationStatus
            let pid: pid_t
            if let standardOutputFile {
                let file = try FileDescriptor.open(
                    FilePath(standardOutputFile), .writeOnly, options: [.create, .truncate],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
                (status, pid) = try await spawn(
                    executablePath, launch.arguments, overrides, options, orphanGuard, control, onStart, onLine,
                    output: .fileDescriptor(file, closeAfterSpawningProcess: true), error: .sequence
                ) { $0.standardError }
            } else {
                (status, pid) = try await spawn(
                    executablePath, launch.arguments, overrides, options, orphanGuard, control, onStart, onLine,
                    output: .sequence, error: .combinedWithOutput
                ) { $0.standardOutput }
            }
            // The leader is gone; anything it started in its group goes too. The group id
            // cannot belong to anyone else yet: a pid is reused only once its group is empty.
            _ = kill(-pid, SIGKILL)
            switch status {
            case .exited(let code): return .exited(code)
            case .signaled(let signal): return .signaled(signal)
            }
        } catch let error as SubprocessError {
            throw ChildProcessError.launchFailed(command: commandLine, reason: "\(error)")
        } catch let error as Errno {
            throw ChildProcessError.launchFailed(command: commandLine, reason: "\(standardOutputFile ?? ""): \(error)")
        }
    }

    /// Starts the child with `output` and `error` as given, reading `lines(execution)` to its end.
    private func spawn<Output: OutputProtocol, ErrorOutput: ErrorOutputProtocol>(
        _ executable: Executable, _ arguments: [String], _ overrides: [Environment.Key: String?], _ options: PlatformOptions,
        _ orphanGuard: OrphanGuard, _ control: ProcessControl?, _ onStart: (@Sendable (pid_t) async -> Void)?,
        _ onLine: @escaping @Sendable (String) async -> Void, output: Output, error: ErrorOutput,
        lines: @escaping @Sendable (Execution<NoInput, Output, ErrorOutput>) -> SubprocessOutputSequence
    ) async throws -> (TerminationStatus, pid_t) {
        let stop = stop
        let gracePeriod = gracePeriod
        // Forked from the spawn thread, so the parent-death signal fires only when Telltale dies.
        let result = try await withTaskExecutorPreference(SpawnThread.shared) {
            try await Subprocess.run(
                executable,
                arguments: Arguments(arguments),
                environment: .inherit.updating(overrides),
                workingDirectory: workingDirectory.map { FilePath($0) },
                platformOptions: options,
                input: .none,
                output: output,
                error: error
            ) { execution in
                let pid = execution.processIdentifier.value
                control?.started(pid: pid, stop: stop, grace: gracePeriod)
                defer { control?.ended() }
                // Reading output needs no particular thread: back to the shared pool.
                try await withTaskExecutorPreference(globalConcurrentExecutor) {
                    let watcher =
                        orphanGuard == .watcher ? try await OrphanWatcher.start(guarding: pid, stop: stop, grace: gracePeriod) : nil
                    do {
                        await onStart?(pid)
                        for try await line in lines(execution).strings(bufferingPolicy: .unbounded) {
                            await onLine(line)
                        }
                    } catch {
                        await watcher?.release()
                        throw error
                    }
                    await watcher?.release()
                }
            }
        }
        return (result.terminationStatus, result.processIdentifier.value)
    }
}
