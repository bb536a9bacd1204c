import Foundation
import TelltaleModel
import TelltaleProcesses

/// Everything that can go wrong with a service, with the context a person needs
/// to fix it without opening the log: the service, the command, how it ended
/// and the last lines it wrote.
package enum ServiceError: Error, LocalizedError, Sendable, Equatable {
    /// The spec cannot run as given: an empty command, a bad pattern, an unknown `dependsOn`, a cycle.
    case invalidSpec(service: String, reason: String)
    /// A `{…}` in a value that names no placeholder this instance has (`PlaceholderResolver`).
    case unknownPlaceholder(service: String, placeholder: String, value: String)
    /// `port: auto` found no free loopback port.
    case noFreePort(service: String, reason: String)
    /// The instance's log, or the build's, cannot be created or opened.
    case logUnwritable(service: String, path: String, reason: String)
    /// The process could not be started at all.
    case launchFailed(service: String, command: String, reason: String)
    /// The `build` step ended other than with status 0.
    case buildFailed(service: String, command: String, exit: ProcessExit, lastLines: [String])
    /// The process ended before its readiness check passed; no restart policy applies.
    case exitedBeforeReady(service: String, command: String, exit: ProcessExit, lastLines: [String])
    /// The readiness check did not pass within its timeout, and the process was stopped.
    case notReady(service: String, command: String, check: String, timeout: Duration, lastLines: [String])
    /// The process ended after it was ready, while it was meant to run.
    case crashed(service: String, command: String, exit: ProcessExit, lastLines: [String])
    /// The test-mode protocol would go to a host other than this machine (`ServiceGuards`).
    case notLoopback(service: String, url: String)
    /// The database's name does not end in `_test`, and the spec does not waive the guard.
    case databaseNotForTests(service: String, database: String, name: String)
    /// A test-mode call answered with a status outside 200–299; its body is the message.
    case testModeRejected(service: String, call: String, url: String, status: Int, body: String)
    /// A test-mode call got no answer: refused, or none within the client's timeout.
    case testModeUnreachable(service: String, call: String, url: String, reason: String)
    /// The service stopped, or never started, while something waited for it to be ready.
    case stopped(service: String)

    /// The number of output lines errors carry.
    package static let tailLength = 40

    /// The service's name, or its instance's (`backend-2`) where one instance is meant.
    package var service: String {
        switch self {
        case .invalidSpec(let service, _), .unknownPlaceholder(let service, _, _), .noFreePort(let service, _),
            .logUnwritable(let service, _, _), .launchFailed(let service, _, _),
            .buildFailed(let service, _, _, _), .exitedBeforeReady(let service, _, _, _),
            .notReady(let service, _, _, _, _), .crashed(let service, _, _, _), .notLoopback(let service, _),
            .databaseNotForTests(let service, _, _), .testModeRejected(let service, _, _, _, _),
            .testModeUnreachable(let service, _, _, _), .stopped(let service):
            service
        }
    }

    /// The last lines of output the error carries, oldest first.
    package var lastLines: [String] {
        switch self {
        case .buildFailed(_, _, _, let lines), .exitedBeforeReady(_, _, _, let lines),
            .notReady(_, _, _, _, let lines), .crashed(_, _, _, let lines):
            lines
        default: []
        }
    }

    package var errorDescription: String? {
        let lines = lastLines
        guard !lines.isEmpty else { return headline }
        return headline + "\nlast \(lines.count) lines of its output:\n" + lines.map { "  | \($0)" }.joined(separator: "\n")
    }

    /// The one-line description, without the output lines.
    package var headline: String {
        switch self {
        case .invalidSpec(let service, let reason):
            "service `\(service)`: \(reason)"
        case .unknownPlaceholder(let service, let placeholder, let value):
            "service `\(service)`: unknown placeholder `\(placeholder)` in '\(value)' "
                + "(known: {port}, {run_dir}, {worker}, {service.NAME.url} of a service it depends on)"
        case .noFreePort(let service, let reason):
            "service `\(service)`: cannot find a free loopback port: \(reason)"
        case .logUnwritable(let service, let path, let reason):
            "service `\(service)`: cannot write its log \(path): \(reason)"
        case .launchFailed(let service, let command, let reason):
            "service `\(service)` could not be started (\(command)): \(reason)"
        case .buildFailed(let service, let command, let exit, _):
            "service `\(service)`: the build step failed with \(exit) (\(command))"
        case .exitedBeforeReady(let service, let command, let exit, _):
            "service `\(service)` ended with \(exit) before it was ready (\(command))"
        case .notReady(let service, let command, let check, let timeout, _):
            "service `\(service)` was not ready after \(timeout.secondsText) "
                + "(waited for \(check); \(command))"
        case .crashed(let service, let command, let exit, _):
            "service `\(service)` crashed with \(exit) (\(command))"
        case .notLoopback(let service, let url):
            "service `\(service)`: refusing the test-mode protocol on \(url): it is not a loopback address, "
                + "and reset would wipe whatever server answers there"
        case .databaseNotForTests(let service, let database, let name):
            "service `\(service)`: refusing to reset the database '\(database)': its name '\(name)' does not end "
                + "in `_test`, so it may hold real data (name it `\(name)_test`, or set `allowNonTestDatabase: true`)"
        case .testModeRejected(_, _, _, _, let body):
            body.isEmpty ? "\(callDescription) failed with no message" : body
        case .testModeUnreachable(_, _, _, let reason):
            "\(callDescription) failed: \(reason)"
        case .stopped(let service):
            "service `\(service)` was stopped"
        }
    }

    /// "backend: POST /tests/teardown?test=X answered 500", for callers that want the status too.
    package var callDescription: String {
        switch self {
        case .testModeRejected(let service, let call, let url, let status, _):
            "\(service): \(call) \(url) answered \(status)"
        case .testModeUnreachable(let service, let call, let url, _):
            "\(service): \(call) \(url)"
        default: service
        }
    }
}

extension Duration {
    /// "30s", "1.5s", "0.25s": short enough for one-line messages.
    var secondsText: String {
        let rounded = (inSeconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int64(rounded))s" : "\(rounded)s"
    }
}
