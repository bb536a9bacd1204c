import ArgumentParser
import Foundation
import TelltaleChanges
import TelltaleOrchestrator

/// `telltale hook install|uninstall`: the git pre-push hook.
struct HookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Install or remove a git pre-push hook that runs the tests a push can break.",
        discussion: """
            The hook runs `telltale run [PLAN] --changed --base <the remote's commit> --fail-fast` for each pushed \
            branch (everything for a new branch) and refuses the push when a test fails. \
            `git push --no-verify` skips it.
            """,
        subcommands: [Install.self, Uninstall.self]
    )

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the pre-push hook; run again to update it. Exit 2 if another hook is there."
        )

        @Argument(help: "The plan the hook runs (a path from the repository's root). Without one, --package.")
        var plan: String?

        @Option(help: "The package the hook runs without a plan.")
        var package: String?

        @Flag(help: "Replace a pre-push hook that Telltale did not write.")
        var force = false

        func run() async throws {
            let arguments = (plan.map { [$0] } ?? []) + (package.map { ["--package", $0] } ?? [])
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
            let telltale = CommandLine.arguments[0].contains("/") ? executable : "telltale"
            do {
                let path = try await PrePushHook.install(
                    in: FileManager.default.currentDirectoryPath, telltale: telltale, arguments: arguments, force: force)
                print("installed \(path): each push runs `telltale run \((arguments + ["--changed", "--fail-fast"]).joined(separator: " "))`")
            } catch {
                Console.error(error.description)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }
    }

    struct Uninstall: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the pre-push hook that Telltale wrote.")

        func run() async throws {
            do {
                if let path = try await PrePushHook.uninstall(in: FileManager.default.currentDirectoryPath) {
                    print("removed \(path)")
                } else {
                    print("no pre-push hook to remove")
                }
            } catch {
                Console.error(error.description)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }
    }
}
