import Foundation

/// Finds a command on PATH as a shell does: the first folder holding an executable of that name.
package enum ExecutableSearch {
    /// The path a shell would run for `command` (not following symlinks); nil when no folder
    /// on PATH holds it.
    package static func path(of command: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
