import Foundation
import TelltaleProcesses

/// One start of a service's process: the resolved command, environment and
/// folder, run as a `ChildProcess` so that it can never outlive Telltale.
struct ServiceLaunch: Sendable {
    var service: String
    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var gracePeriod: Duration

    /// False on systems without `setpriv` (or not Linux); see `ParentDeathSignal`.
    static var parentDeathSignalAvailable: Bool { ParentDeathSignal.available }

    private var process: ChildProcess {
        ChildProcess(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: workingDirectory, gracePeriod: gracePeriod
        )
    }

    /// The command as a person would type it, for messages.
    var commandLine: String { process.commandLine }

    /// Runs the process until it exits, sending each output line (stdout and
    /// stderr, in order) to `output`. Cancelling the calling task stops the
    /// process group: SIGTERM, `gracePeriod`, then SIGKILL.
    func run(output: ServiceOutput, onStart: @escaping @Sendable (Int32) async -> Void) async throws -> ProcessExit {
        do {
            return try await process.run(onStart: onStart) { await output.append($0) }
        } catch ChildProcessError.launchFailed(let command, let reason) {
            throw ServiceError.launchFailed(service: service, command: command, reason: reason)
        }
    }
}
