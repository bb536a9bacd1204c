import TelltaleProcesses

/// Runs git in a folder and keeps its output lines.
package enum GitCommand {
    package static func run(_ arguments: [String], in directory: String) async -> CommandOutput {
        await CommandOutput.of(ChildProcess(executable: "git", arguments: arguments, workingDirectory: directory))
    }
}
