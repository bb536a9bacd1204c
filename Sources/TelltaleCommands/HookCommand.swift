import ArgumentParser
import Foundation
import TelltaleChanges
import TelltaleOrchestrator
import TelltalePlan

/// `telltale hook install|uninstall`: the git pre-push hook.
struct HookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Install or remove a git pre-push hook that runs the tests a push can break.",
        discussion: """
            The hook runs `telltale run [PLAN] --commit <the tip> --changed --base <the remote's commit> --fail-fast \
            --stress-new 2` for each pushed branch (everything for a new branch) and refuses the push when a test \
            fails. It tests the tip only: with --each-commit, every pushed commit, oldest first, each against its \
            parent, stopping at the first that fails. `git push --no-verify` skips it.
            """,
        subcommands: [Install.self, Uninstall.self]
    )

    /// `telltale hook install [PLAN]`: writes the hook (`PrePushHook.install`) in the repository
    /// of the working directory, or wherever its `core.hooksPath` points.
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the pre-push hook; run again to update it. Exit 2 if another hook is there."
        )

        @Argument(
            help:
                "The plan the hook runs (a path from the repository's root). Without one, each run finds telltale.yml beside Package.swift (of --package), else runs with defaults."
        )
        var plan: String?

        @Option(help: "The package the hook runs without a plan.")
        var package: String?

        @Flag(
            name: .customLong("each-commit"),
            help:
                "Test every pushed commit, oldest first, each with what changed since its parent, and stop at the first that fails (default: the tip only)."
        )
        var eachCommit = false

        @Flag(help: "Replace a pre-push hook that Telltale did not write.")
        var force = false

        func run() async throws {
            // What follows `telltale run` in the hook: the plan, and `--package DIR`.
            let arguments = (plan.map { [$0] } ?? []) + (package.map { ["--package", $0] } ?? [])
            // Run by a path, the hook calls this binary by its absolute path; found on `PATH`, by name,
            // so the hook runs whichever `telltale` is on `PATH` at push time.
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
            let telltale = CommandLine.arguments[0].contains("/") ? executable : "telltale"
            do {
                let path = try await PrePushHook.install(
                    in: FileManager.default.currentDirectoryPath, telltale: telltale, arguments: arguments, eachCommit: eachCommit, force: force)
                // For the message only: `--base` is left out, as the hook passes the remote's commit per push.
                let command = (["telltale", "run"] + arguments + ["--commit", "<commit>", "--changed", "--fail-fast", "--stress-new", "2"])
                print("installed \(path): it \(PrePushHook.promise(eachCommit: eachCommit)), with `\(command.joined(separator: " "))`")
                // Without a plan, each of the hook's runs looks for one in the commit it tests; say what it
                // would find now.
                if plan == nil { print(Self.planLine(package: package ?? ".")) }
            } catch {
                // Not a git repository, another tool's hook without `--force`, or a hook that cannot be
                // written: exit 2.
                Console.error(error.description)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }

        /// Which plan the hook's runs will find, as things are now (each run looks again, in the commit it tests).
        static func planLine(package: String) -> String {
            let discovery = PlanDiscovery.find(package: package)
            if let found = discovery.plan { return "plan: \(found), found beside Package.swift (each run looks again, in the commit it tests)" }
            return discovery.note
                ?? "plan: none named and no \(PlanDiscovery.fileNames.joined(separator: " or ")) beside Package.swift: every test runs with defaults"
        }
    }

    /// `telltale hook uninstall`: removes the hook only if Telltale wrote it (it carries a marker line).
    struct Uninstall: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the pre-push hook that Telltale wrote.")

        func run() async throws {
            do {
                if let path = try await PrePushHook.uninstall(in: FileManager.default.currentDirectoryPath) {
                    print("removed \(path)")
                } else {
                    // No hook at all is not an error; another tool's hook is left alone and is exit 2.
                    print("no pre-push hook to remove")
                }
            } catch {
                Console.error(error.description)
                throw ExitCode(TelltaleExitCode.usage)
            }
        }
    }
}
