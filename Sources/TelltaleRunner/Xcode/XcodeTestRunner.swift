import Foundation
import TelltaleImport
import TelltaleModel
import TelltaleProcesses

/// Runs a plan's selected tests under `xcodebuild test-without-building` (macOS), inside the
/// run's capture server and services, and reads what ran from its result bundle with the same
/// import as `telltale import xcresult`.
///
/// xcodebuild runs the tests itself: parallel testing (`workers`), retries
/// (`-retry-tests-on-failure`; a test that passed on a retry is flaky) and the per-test lifecycle
/// (`automatic`: the test case calls the control API) are its. The run's variables reach the
/// test runner as `TEST_RUNNER_`-prefixed variables; a UI test passes them on to its app
/// (`TelltaleTestEnvironment.appEnvironment`).
package struct XcodeTestRunner: Sendable {
    /// What `build-for-testing` made, and where this run writes.
    package struct Built: Sendable {
        var project: XcodeProject
        /// The `.xctestrun` file the build wrote.
        var xctestrun: String
        /// Where xcodebuild runs: the plan's `package`.
        var directory: String
        /// `-resultBundlePath` for the run, in the report folder.
        var resultBundle: String
        var log: ProcessLog
        /// Parallel testing's worker count when the run asks for one; nil leaves the test plan's.
        var workers: Int?

        package init(
            project: XcodeProject, xctestrun: String, directory: String, resultBundle: String, log: ProcessLog, workers: Int?
        ) {
            self.project = project
            self.xctestrun = xctestrun
            self.directory = directory
            self.resultBundle = resultBundle
            self.log = log
            self.workers = workers
        }
    }

    package var configuration: TestRunner.Configuration
    package var built: Built

    package init(configuration: TestRunner.Configuration, built: Built) {
        self.configuration = configuration
        self.built = built
    }

    package func run(_ tests: [ListedTest], allListed: [ListedTest], observer: any TestRunObserver, ledger: TestResultLedger) async throws {
        await observer.runStarting(testCount: tests.count)
        // One xcodebuild run per set of variables (a suite's own, one of its variants), in turn.
        let groups = tests.groupedInOrder { configuration.testEnvironment[$0.id] ?? [:] }
        let started = ContinuousClock.now
        var ran: [(results: [TestResult], missing: [ListedTest], notes: [String])] = []
        for (index, (variables, group)) in groups.enumerated() {
            let variant = group[0].id.variant
            let bundle = groups.count == 1 ? built.resultBundle : Self.bundle(built.resultBundle, named: variant ?? "set\(index + 1)")
            // A variant's tests run by the ids xcodebuild lists, and come back under the variant's.
            let own = group.map { test in
                var own = test
                own.id = test.id.withoutVariant
                return own
            }
            let imported = try await runOnce(own, allListed: allListed, variables: variables, bundle: bundle, started: started)
            let reported = Set(imported.results.map(\.id.withoutVariant))
            ran.append(
                (
                    imported.results.map { variant.map($0.inXcodeVariant) ?? $0 },
                    group.filter { !reported.contains($0.id.withoutVariant) }, imported.notes
                ))
        }
        try await record(ran.flatMap(\.results), missing: ran.flatMap(\.missing), notes: ran.flatMap(\.notes), observer: observer, ledger: ledger)
    }

    /// One `test-without-building` run of `tests` with `variables` over the run's, read back from
    /// its result bundle.
    private func runOnce(
        _ tests: [ListedTest], allListed: [ListedTest], variables: [String: String], bundle: String, started: ContinuousClock.Instant
    ) async throws -> XCResultImport.Output {
        try? FileManager.default.removeItem(atPath: bundle)
        // One xcodebuild run takes one retry count and one time allowance: the most any selected test has.
        let settings = [configuration.defaultSettings] + tests.compactMap { configuration.settings[$0.id] }
        let run = XcodebuildInvocation.Run(
            selection: XcodeTestSelection(selected: tests.map(\.id), listed: allListed.map(\.id)),
            workers: built.workers, retries: settings.map(\.retries).max() ?? 0, testTimeout: settings.compactMap(\.timeout).max(),
            resultBundle: bundle)
        let budget = settings.compactMap(\.budget).min().map { $0 - (ContinuousClock.now - started) }
        var environment = configuration.environment.merging(configuration.workerEnvironment[1] ?? [:]) { _, own in own }
        environment.merge(variables) { _, own in own }
        environment[TelltaleEnvironment.session] = "\(configuration.session)-w1"
        environment[TelltaleEnvironment.appEnvironmentKeys] = environment.keys.sorted().joined(separator: "\n")
        let process = ChildProcess(
            executable: XcodebuildInvocation.executable,
            arguments: XcodebuildInvocation.testWithoutBuilding(built.project, xctestrun: built.xctestrun, run: run),
            environment: XcodebuildInvocation.testRunnerEnvironment(environment), workingDirectory: built.directory)
        let log = built.log
        await log.line("$ \(process.commandLine)")
        let exit = try await Self.run(process, within: budget, log: log)
        guard FileManager.default.fileExists(atPath: bundle) else {
            throw XcodeError(
                "xcodebuild test-without-building ended with \(exit) and wrote no result bundle"
                    + (budget.map { $0 <= .zero ? " (the run's time budget was spent)" : "" } ?? ""),
                remedy: "its output is in \(built.log.path ?? "logs/xcodebuild.log")")
        }
        let files = try await XCResultFiles.read(path: bundle)
        return XCResultImport(tests: files.tests, summary: files.summary).read()
    }

    /// `tests.xcresult` → `tests-loggedOut.xcresult`.
    static func bundle(_ path: String, named name: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("\(url.deletingPathExtension().lastPathComponent)-\(name).xcresult").path
    }

    /// Runs xcodebuild, stopping it (and every process it started) when the run's time budget is
    /// spent; the tests it finished are still read from the bundle.
    private static func run(_ process: ChildProcess, within budget: Duration?, log: ProcessLog) async throws -> ProcessExit {
        guard let budget else { return try await process.run { await log.line($0) } }
        return try await withThrowingTaskGroup(of: ProcessExit?.self) { group in
            group.addTask { try await process.run { await log.line($0) } }
            group.addTask {
                try await Task.sleep(for: budget)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            guard let first else {
                await log.line("telltale: the time budget of \(budget.shortDescription) ran out; xcodebuild was stopped")
                // Cancelling the run ends xcodebuild's process group.
                _ = try? await group.next()
                return .signaled(SIGTERM)
            }
            return first
        }
    }

    /// Keeps every imported result. A test run on several devices or configurations comes back
    /// once for each (`Suite/test [iPhone 16]`); a selected test that came back under no name
    /// is an error, as under `swift test`.
    private func record(
        _ results: [TestResult], missing: [ListedTest], notes: [String], observer: any TestRunObserver, ledger: TestResultLedger
    ) async throws {
        await ledger.begin(results.map { ListedTest(id: $0.id, framework: $0.framework) } + missing)
        let session = "\(configuration.session)-w1"
        for result in results {
            await observer.testFinished(await ledger.record(result, worker: 1, session: session))
        }
        for test in missing {
            let result = TestResult(
                id: test.id, framework: test.framework, outcome: .error,
                messages: [TestMessage(kind: .error, text: "the test was selected but its result bundle does not report it")])
            await observer.testFinished(await ledger.record(result, worker: 1, session: session))
        }
        for note in notes { await ledger.note(note) }
    }
}
