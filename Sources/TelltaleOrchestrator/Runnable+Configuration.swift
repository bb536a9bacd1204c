import TelltaleModel
import TelltalePlan
import TelltaleRunner

extension Runnable {
    /// The runner's configuration for these tests, made here for every road that runs them (a
    /// run, xcodebuild's run, `bisect` on demand): each test's settings and the plan's defaults,
    /// its variant's environment, and what every test process is given (`processEnvironment`).
    /// What only one road sets (order, coverage, stress, the queue) it adds to the result.
    func configuration(
        launcher: any TestLauncher, plan: Plan, runDirectory: String, logDirectory: String? = nil, workers: Int = 1,
        durations: [String: Double] = [:], priorities: [String: Int] = [:], eventStreamVersion: EventStreamVersion = .v0,
        attachments: AttachmentStore? = nil
    ) -> TestRunner.Configuration {
        var configuration = TestRunner.Configuration(
            launcher: launcher,
            workingDirectory: plan.package,
            environment: Self.processEnvironment(plan: plan, runDirectory: runDirectory),
            logDirectory: logDirectory,
            workers: workers,
            settings: settings,
            defaultSettings: defaults,
            durations: durations,
            priorities: priorities,
            eventStreamVersion: eventStreamVersion,
            attachments: attachments
        )
        configuration.testEnvironment = testEnvironment
        return configuration
    }

    /// What every test process is given besides capture and services: the plan's environment,
    /// the run folder (`TELLTALE_RUN_DIR`) and the plan's launch arguments.
    static func processEnvironment(plan: Plan, runDirectory: String) -> [String: String] {
        var environment = plan.environment
        environment[TelltaleEnvironment.runDirectory] = runDirectory
        if !plan.arguments.isEmpty {
            environment[TelltaleEnvironment.testArguments] = plan.arguments.joined(separator: "\n")
        }
        return environment
    }
}
