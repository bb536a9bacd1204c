/// A short command's output lines (stdout and stderr together) and how it ended: git,
/// `swift --version`, `swift package describe`, a test binary's listing, `xcrun`.
public struct CommandOutput: Sendable {
    /// Nil when the command could not start.
    public var exit: ProcessExit?
    public var lines: [String]

    public init(exit: ProcessExit?, lines: [String]) {
        self.exit = exit
        self.lines = lines
    }

    public var succeeded: Bool { exit?.isSuccess == true }
    /// The first non-empty line.
    public var first: String? { lines.first { !$0.isEmpty } }
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// Runs `process` to its end; one that cannot start counts as failed, with no output.
    public static func of(_ process: ChildProcess) async -> CommandOutput {
        (try? await collect(process)) ?? CommandOutput(exit: nil, lines: [])
    }

    /// Runs `process` to its end; throws `ChildProcessError` when it cannot start.
    public static func collect(_ process: ChildProcess) async throws -> CommandOutput {
        let collector = Lines()
        let exit = try await process.run(onLine: { await collector.append($0) })
        return CommandOutput(exit: exit, lines: await collector.lines)
    }

    private actor Lines {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }
}
