import Foundation
import TelltaleProcesses

/// Everything that stops the runner before or outside any one test.
///
/// Each case carries what a person needs to act: the command, how it ended and
/// the last lines it wrote.
package enum RunnerError: Error, LocalizedError, Sendable, Equatable {
    case launchFailed(command: String, reason: String)
    case buildFailed(command: String, exit: ProcessExit, diagnostics: [String], lastLines: [String])
    case noTestBinary(package: String, searched: String)
    case listingFailed(command: String, exit: ProcessExit, lastLines: [String])
    case packageNotFound(path: String)
    case launcherUnavailable(launcher: LauncherKind, reason: String)

    package var errorDescription: String? {
        switch self {
        case .launchFailed(let command, let reason):
            return "could not start `\(command)`: \(reason)"
        case .buildFailed(let command, let exit, let diagnostics, let lastLines):
            let shown = diagnostics.isEmpty ? lastLines : diagnostics
            let heading = diagnostics.isEmpty ? "last lines of output" : "compiler errors"
            return """
                build failed: `\(command)` ended with \(exit); \(heading):
                \(shown.map { "  " + $0 }.joined(separator: "\n"))
                """
        case .noTestBinary(let package, let searched):
            return "no test binary found for the package at \(package) (looked for *.xctest in \(searched)); does the package have a test target?"
        case .listingFailed(let command, let exit, let lastLines):
            return """
                could not list the tests: `\(command)` ended with \(exit); last lines of output:
                \(lastLines.map { "  " + $0 }.joined(separator: "\n"))
                """
        case .packageNotFound(let path):
            return "no Package.swift in \(path): pass --package with the directory of a Swift package"
        case .launcherUnavailable(let launcher, let reason):
            return "the \(launcher) launcher cannot run here: \(reason); choose another with --launcher direct|darwin|swiftpm"
        }
    }
}
