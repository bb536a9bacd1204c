import Foundation
import Subprocess
import SystemPackage
import TelltaleRunner

/// One start of a service's process: the resolved command, environment and
/// folder, and how to run it so that it can never outlive Telltale.
struct ServiceLaunch: Sendable {
    var service: String
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var gracePeriod: Duration

    /// False on systems without `setpriv` (or not Linux); see `ParentDeathSignal`.
    static var parentDeathSignalAvailable: Bool { ParentDeathSignal.available }

    /// The command as a person would type it, for messages.
    var commandLine: String {
        ([executable] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Runs the process until it exits, sending each output line (stdout and
    /// stderr, in order) to `output`. Cancelling the calling task stops the
    /// process group: SIGTERM, `gracePeriod`, then SIGKILL.
    func run(output: ServiceOutput, onStart: @escaping @Sendable (Int32) async -> Void) async throws -> ServiceExit {
        let launch = ParentDeathSignal.wrap(executable, arguments)
        var options = PlatformOptions()
        // Its own process group: stopping the service stops whatever it started, and never Telltale.
        options.processGroupID = 0
        options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: gracePeriod)]
        let overrides = environment.reduce(into: [Environment.Key: String?]()) { result, entry in
            if let key = Environment.Key(rawValue: entry.key) { result[key] = entry.value }
        }
        let configuration = Configuration(
            executable: Self.executable(launch.executable),
            arguments: Arguments(launch.arguments),
            environment: .inherit.updating(overrides),
            workingDirectory: workingDirectory.map { FilePath($0) },
            platformOptions: options
        )
        do {
            // Forked from the spawn thread, so the parent-death signal is tied to Telltale's life (see SpawnThread).
            let result = try await withTaskExecutorPreference(SpawnThread.shared) {
                try await Subprocess.run(configuration, input: .none, output: .sequence, error: .combinedWithOutput) { execution in
                    let pid = execution.processIdentifier.value
                    // Reading output needs no particular thread: back to the shared pool.
                    return try await withTaskExecutorPreference(globalConcurrentExecutor) {
                        await onStart(pid)
                        for try await line in execution.standardOutput.strings(bufferingPolicy: .unbounded) {
                            await output.append(line)
                        }
                        return pid
                    }
                }
            }
            // The leader is gone; anything it started in its group goes too. The group id
            // cannot belong to anyone else yet: a pid is reused only once its group is empty.
            _ = kill(-result.processIdentifier.value, SIGKILL)
            switch result.terminationStatus {
            case .exited(let code): return .exited(code)
            case .signaled(let signal): return .signaled(signal)
            }
        } catch let error as SubprocessError {
            throw ServiceError.launchFailed(service: service, command: commandLine, reason: "\(error)")
        }
    }

    private static func executable(_ name: String) -> Executable {
        name.contains("/") ? .path(FilePath(name)) : .name(name)
    }
}
