/// A short command's output lines (stdout and stderr together) and how it ended: git,
/// `swift --version`, `swift package describe`, a test binary's listing, `xcrun`.
package struct CommandOutput: Sendable {
    /// Nil when the command could not start.
    package var exit: ProcessExit?
    package var lines: [String]

    package init(exit: ProcessExit?, lines: [String]) {
        self.exit = exit
        self.lines = lines
    }

    package var succeeded: Bool { exit?.isSuccess == true }
    /// The first non-empty line.
    package var first: String? { lines.first { !$0.isEmpty } }
    package var text: String { lines.map { $0 + "\n" }.joined() }

    /// Runs `process` to its end; one that cannot start counts as failed, with no output.
    package static func of(_ process: ChildProcess) async -> CommandOutput {
        (try? await collect(process)) ?? CommandOutput(exit: nil, lines: [])
    }

    /// Runs `process` to its end; throws `ChildProcessError` when it cannot start.
    package static func collect(_ process: ChildProcess) async throws -> CommandOutput {
        let collector = Lines()
        let exit = try await process.run(onLine: { await collector.append($0) })
        return CommandOutput(exit: exit, lines: await collector.lines)
    }

    private actor Lines {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }
}
