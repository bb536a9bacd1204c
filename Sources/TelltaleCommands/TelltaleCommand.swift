import ArgumentParser
import Foundation
import TelltaleOrchestrator

/// `telltale`: the root command. It only dispatches to subcommands.
package struct TelltaleCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "telltale",
        abstract: "Run a Swift package's tests end to end and report them for people and review bots.",
        // `telltale --version`: the version and the commit the binary was built from, or why it is unknown.
        version: "\(RunOrchestrator.version) (\(BuildCommit.description))",
        subcommands: [
            RunCommand.self, PlanCommand.self, ReportCommand.self, MergeCommand.self, CaptureCommand.self, HistoryCommand.self, HookCommand.self,
            PublishCommand.self, ImportCommand.self, BisectCommand.self, QueueCommand.self,
        ],
        // No default: `telltale` alone prints the subcommands rather than starting a run.
        defaultSubcommand: nil
    )

    package init() {}
}

extension TelltaleCommand {
    /// `--changed=BASE` is `--changed --base BASE`: ArgumentParser has no flags with an optional
    /// value, and `--changed BASE` could not be told from `--changed PLAN`. So too `--shuffle=SEED`
    /// (`--shuffle --seed SEED`) and `--until-failure=DURATION`.
    static func expandingChangedBase(_ arguments: [String]) -> [String] {
        // `--until-failure-budget` is hidden: it exists only to carry this value (`RunCommand.untilFailureBudget`).
        let valued = [("--changed=", "--base"), ("--shuffle=", "--seed"), ("--until-failure=", "--until-failure-budget")]
        return arguments.flatMap { argument in
            guard let (flag, option) = valued.first(where: { argument.hasPrefix($0.0) }) else { return [argument] }
            // `--shuffle=48213` → `--shuffle`, `--seed`, `48213`: the flag, then its companion option.
            return [String(flag.dropLast()), option, String(argument.dropFirst(flag.count))]
        }
    }

    /// Parses the process's arguments and runs the chosen subcommand.
    ///
    /// Spelled out because from top-level code the compiler prefers
    /// `ParsableCommand`'s synchronous `main()`, which refuses async commands; and so
    /// that bad usage exits with Telltale's 2 rather than the parser's EX_USAGE (64).
    package static func runAsRoot(_ arguments: [String]? = nil) async {
        do {
            // The process's own arguments, without the executable's name, unless a caller passes others.
            var command = try parseAsRoot(arguments.map(expandingChangedBase) ?? expandingChangedBase(Array(CommandLine.arguments.dropFirst())))
            // `report` and the `plan` subcommands are synchronous `ParsableCommand`s; the others are async.
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // Anything but bad usage leaves as the parser has it: a command's `ExitCode` with that status
            // (the command has said why), `--help` and `--version` with 0, any other error printed, with 1.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            // The parser's own message and usage, with the documented status.
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            exit(withError: ExitCode(TelltaleExitCode.usage))
        }
    }
}

extension ExitCode {
    /// The argument parser's exit for one of Telltale's documented statuses.
    init(_ code: TelltaleExitCode) {
        self.init(code.rawValue)
    }
}
