import TelltaleProcesses

/// A short command's output lines (stdout and stderr together) and whether it succeeded:
/// git, `swift --version`, `swift package describe`.
struct CommandOutput: Sendable {
    var succeeded: Bool
    var lines: [String]

    /// The first non-empty line.
    var first: String? { lines.first { !$0.isEmpty } }
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// Runs `process` to its end; one that cannot start counts as failed, with no output.
    static func of(_ process: ChildProcess) async -> CommandOutput {
        let collector = Lines()
        guard let exit = try? await process.run(onLine: { await collector.append($0) }) else {
            return CommandOutput(succeeded: false, lines: [])
        }
        return CommandOutput(succeeded: exit.isSuccess, lines: await collector.lines)
    }

    private actor Lines {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }
}
