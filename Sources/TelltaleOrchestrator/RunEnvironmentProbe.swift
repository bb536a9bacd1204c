import Foundation
import TelltaleModel
import TelltaleProcesses
import TelltaleRunner

/// Finds out where a run happens: host, OS, Swift version, and the package's git commit,
/// branch and whether its working tree has uncommitted changes.
///
/// Runs alongside the build, so it adds nothing to a run's time; anything it
/// cannot find is simply left out.
enum RunEnvironmentProbe {
    /// `swiftVersion: false` leaves out `swift --version` (a tenth of a second of CPU): queue mode
    /// asks for the commit and branch before it joins, and the record's probe asks again for all.
    static func probe(in package: String, swiftVersion asked: Bool = true) async -> RunEnvironment {
        func git(_ arguments: String...) -> ChildProcess {
            ChildProcess(executable: "git", arguments: arguments, workingDirectory: package)
        }
        async let swiftVersion = asked ? firstLine(of: ChildProcess(executable: "swift", arguments: ["--version"])) : nil
        async let gitCommit = firstLine(of: git("rev-parse", "HEAD"))
        async let gitBranch = firstLine(of: git("rev-parse", "--abbrev-ref", "HEAD"))
        // Tracked files only: build products and reports left untracked do not make a tree dirty.
        async let changes = firstLine(of: git("status", "--porcelain", "--untracked-files=no"))
        let commit = await gitCommit
        let environment = ProcessInfo.processInfo.environment
        // CI checks out a detached HEAD; its own variables name the branch.
        let branch =
            await gitBranch.flatMap { $0 == "HEAD" ? nil : $0 }
            ?? environment["GITHUB_HEAD_REF"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["GITHUB_REF_NAME"]
            ?? environment["CI_COMMIT_REF_NAME"]
        return RunEnvironment(
            host: ProcessInfo.processInfo.hostName,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            swiftVersion: await swiftVersion,
            gitCommit: commit,
            gitBranch: commit == nil ? nil : branch,
            gitDirty: commit == nil ? nil : await changes != nil,
            packageRoot: URL(fileURLWithPath: package).standardizedFileURL.path
        )
    }

    /// The first line a command printed when it succeeded; nil when it failed or printed nothing.
    static func firstLine(of process: ChildProcess) async -> String? {
        let output = await CommandOutput.of(process)
        return output.succeeded ? output.first : nil
    }
}
