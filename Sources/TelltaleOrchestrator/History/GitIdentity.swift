import TelltaleProcesses

/// Who the person at the keyboard is, as git knows them.
package enum GitIdentity {
    /// `git config user.email` in `directory`; nil when git has none.
    package static func userEmail(in directory: String) async -> String? {
        await RunEnvironmentProbe.firstLine(
            of: ChildProcess(executable: "git", arguments: ["config", "user.email"], workingDirectory: directory)
        )
    }
}
