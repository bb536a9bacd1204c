import TelltaleProcesses

/// Runs git in a folder and keeps its output lines.
enum GitCommand {
    struct Output: Sendable {
        var succeeded: Bool
        var lines: [String]
        var first: String? { lines.first { !$0.isEmpty } }
    }

    static func run(_ arguments: [String], in directory: String) async -> Output {
        let collector = Lines()
        let process = ChildProcess(executable: "git", arguments: arguments, workingDirectory: directory)
        guard let exit = try? await process.run(onLine: { await collector.append($0) }) else {
            return Output(succeeded: false, lines: [])
        }
        return Output(succeeded: exit.isSuccess, lines: await collector.lines)
    }

    private actor Lines {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }
}
