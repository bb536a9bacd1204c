import ArgumentParser
import TelltaleOrchestrator

/// `telltale`: the root command. It only dispatches to subcommands.
public struct TelltaleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "telltale",
        abstract: "Run a Swift package's tests end to end and report them for people and review bots.",
        version: RunOrchestrator.version,
        subcommands: [RunCommand.self, PlanCommand.self, ReportCommand.self, MergeCommand.self, CaptureCommand.self],
        defaultSubcommand: nil
    )

    public init() {}
}

extension TelltaleCommand {
    /// Parses the process's arguments and runs the chosen subcommand.
    ///
    /// Spelled out because from top-level code the compiler prefers
    /// `ParsableCommand`'s synchronous `main()`, which refuses async commands.
    public static func runAsRoot() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
