import Foundation

/// Why a child process could not be run.
package enum ChildProcessError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    package var errorDescription: String? { description }
    /// The process could not start: no such executable, or no permission.
    case launchFailed(command: String, reason: String)

    package var description: String {
        switch self {
        case .launchFailed(let command, let reason): "cannot start \(command): \(reason)"
        }
    }
}
