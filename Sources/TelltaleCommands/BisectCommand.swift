import ArgumentParser
import Foundation
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan

/// `telltale bisect TEST_ID [PLAN]`: which tests that ran before a test make it fail (or pass).
struct BisectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract:
            "Find which tests that ran before a test in one process make it fail (a victim's polluters) or pass (a brittle test's state-setters).",
        discussion: """
            Reads where the test ran from a recorded run (its run.json, or the history), runs it again after halves of the tests that ran before it there, \
            in their order, each time in one fresh process, and prints the smallest set that still makes the difference and a command \
            that reproduces it. Exit status: 0 found; 1 not reproduced, not order-dependent, or the budget ran out; 2 bad usage, \
            no such test or no recorded order; 3 the build or a test process could not run.
            """
    )

    @Argument(help: "The test's id, as run.json names it (Module.Class/testMethod, Module.Suite/test()).")
    var test: String

    @Argument(help: "The plan the run used (default: telltale.yml beside Package.swift, else every test of --package).")
    var plan: String?

    @Option(help: "The Swift package (overrides the plan's `package`).")
    var package: String?

    @Option(
        name: .customLong("run"),
        help:
            "The recorded run: a report folder or its run.json, or a run's id in the history (see `telltale history runs`) (default: the plan's report folder)."
    )
    var run: String?

    @Option(help: "The history --run RUN_ID is read from: a file or a PostgreSQL URL (default: TELLTALE_HISTORY_URL, else the plan's).")
    var history: String?

    @Flag(name: .customLong("skip-build"), help: "Use the existing build.")
    var skipBuild = false

    @Option(help: ArgumentHelp("The longest the bisection may take (default 30m).", valueName: "duration"))
    var budget: String?

    @Option(help: ArgumentHelp("How test processes start: direct, darwin or swiftpm (default: by the test product).", valueName: "launcher"))
    var launcher: LauncherKind?

    func run() async throws {
        // `self.run` is the `--run` option, which shares its name with this method.
        var options = BisectRun.Options(test: TestID(test), planPath: plan, package: package, run: self.run)
        options.history = history
        options.skipBuild = skipBuild
        options.launcher = launcher
        if let budget {
            // A `ValidationError` from `run()` is still exit 2 with the usage text (`TelltaleCommand.runAsRoot`).
            guard let duration = DurationParser.parse(budget) else { throw ValidationError("--budget \(budget): use a number with a unit: 90s, 10m") }
            options.budget = duration
        }
        // Plain lines, never a live line: each step of the bisection stays in the output.
        let progress = ConsoleProgress(style: .lines)
        do {
            switch try await BisectRun(options: options, progress: progress).run() {
            case .bisected(let dependency):
                print(dependency.summary)
                if let reproduce = dependency.reproduce { print("reproduce: \(reproduce)") }
                // 0 only when the tests were found; not reproduced, or out of budget, is 1 (`Finding.exitCode`).
                throw ExitCode(BisectRun.Finding.bisected(dependency).exitCode)
            // The test does the same alone as after the others: nothing to bisect.
            case .notOrderDependent(let why):
                print(why)
                throw ExitCode(TelltaleExitCode.testsFailed)
            }
        } catch let error as OrchestratorError {
            if case .badPlan(let planError) = error {
                Console.diagnostics(planError.errorDescription ?? "\(planError)")
            } else {
                Console.error(error.localizedDescription)
            }
            // No such test or no recorded order, a bad plan: 2; the build or a test process: 3.
            throw ExitCode(error.exitCode)
        }
    }
}
