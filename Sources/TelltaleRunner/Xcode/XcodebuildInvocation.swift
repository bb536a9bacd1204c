import TelltaleModel

/// The `xcodebuild` commands of a plan with `xcode:`, as argument vectors (`man xcodebuild`,
/// Xcode 16): one `build-for-testing`, one `-enumerate-tests` listing, then one
/// `test-without-building` per run (a CI shard is one run) against the `.xctestrun` file the
/// build wrote, so the listing and every run test exactly what was built.
package struct XcodebuildInvocation: Sendable, Equatable {
    /// One `test-without-building` run's choices.
    package struct Run: Sendable, Equatable {
        package var selection: XcodeTestSelection
        /// `-parallel-testing-worker-count`; nil leaves parallel testing as the test plan says.
        package var workers: Int?
        /// Failing tests run again up to this many times (`-retry-tests-on-failure`).
        package var retries: Int
        /// Each test's time allowance (`-test-timeouts-enabled`); xcodebuild rounds it up to a minute.
        package var testTimeout: Duration?
        /// `-resultBundlePath`: must not exist yet.
        package var resultBundle: String

        package init(
            selection: XcodeTestSelection = XcodeTestSelection(), workers: Int? = nil, retries: Int = 0, testTimeout: Duration? = nil,
            resultBundle: String
        ) {
            self.selection = selection
            self.workers = workers
            self.retries = retries
            self.testTimeout = testTimeout
            self.resultBundle = resultBundle
        }
    }

    package static let executable = "xcodebuild"

    /// `xcodebuild build-for-testing`: the app, its test bundles and an `.xctestrun` file in
    /// `derivedData/Build/Products`.
    package static func buildForTesting(_ project: XcodeProject) -> [String] {
        ["build-for-testing"] + container(project) + ["-scheme", project.scheme] + (project.testPlan.map { ["-testPlan", $0] } ?? [])
            + ["-destination", project.destination, "-derivedDataPath", project.derivedData] + project.buildArguments
    }

    /// The tests `xctestrun` holds, as JSON in `output` (`XcodeTestListing` reads it).
    package static func enumerateTests(_ project: XcodeProject, xctestrun: String, output: String) -> [String] {
        ["test-without-building", "-xctestrun", xctestrun, "-destination", project.destination] + onlyConfigurations(project)
            + ["-enumerate-tests", "-test-enumeration-format", "json", "-test-enumeration-style", "flat", "-test-enumeration-output-path", output]
    }

    /// One run of the built tests.
    package static func testWithoutBuilding(_ project: XcodeProject, xctestrun: String, run: Run) -> [String] {
        var arguments = ["test-without-building", "-xctestrun", xctestrun, "-destination", project.destination]
        arguments += onlyConfigurations(project)
        // As xcodebuild(1) documents them (`-only-testing test-identifier`), not in the colon form
        // `xcodebuild -help` shows.
        arguments += run.selection.only.flatMap { ["-only-testing", $0] } + run.selection.skip.flatMap { ["-skip-testing", $0] }
        if let workers = run.workers {
            arguments += ["-parallel-testing-enabled", workers > 1 ? "YES" : "NO"]
            if workers > 1 { arguments += ["-parallel-testing-worker-count", String(workers)] }
        }
        if let timeout = run.testTimeout {
            let seconds = String(Int(timeout.inSeconds.rounded(.up)))
            arguments += [
                "-test-timeouts-enabled", "YES", "-default-test-execution-time-allowance", seconds, "-maximum-test-execution-time-allowance", seconds,
            ]
        }
        if run.retries > 0 {
            // Each failing test gets up to retries + 1 iterations, stopping at its first pass.
            arguments += ["-retry-tests-on-failure", "-test-iterations", String(run.retries + 1)]
        }
        return arguments + ["-resultBundlePath", run.resultBundle]
    }

    /// Variables for the tests: xcodebuild gives a variable named `TEST_RUNNER_NAME` to the test
    /// runner (and the app it hosts) as `NAME`; UI tests pass them on to the app they launch.
    package static func testRunnerEnvironment(_ variables: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: variables.map { ("TEST_RUNNER_\($0.key)", $0.value) })
    }

    private static func container(_ project: XcodeProject) -> [String] {
        switch project.container {
        case .project(let path): ["-project", path]
        case .workspace(let path): ["-workspace", path]
        case .found: []
        }
    }

    private static func onlyConfigurations(_ project: XcodeProject) -> [String] {
        project.configurations.flatMap { ["-only-test-configuration", $0] }
    }
}
