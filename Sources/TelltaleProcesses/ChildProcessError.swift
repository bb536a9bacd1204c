import Foundation

/// Why a child process could not be run.
public enum ChildProcessError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    public var errorDescription: String? { description }
    /// The process could not start: no such executable, or no permission.
    case launchFailed(command: String, reason: String)

    public var description: String {
        switch self {
        case .launchFailed(let command, let reason): "cannot start \(command): \(reason)"
        }
    }
}
