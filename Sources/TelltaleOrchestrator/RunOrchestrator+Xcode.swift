import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleProcesses
import TelltaleRunner

/// A plan with `xcode:` (Docs/Xcode.md): `xcodebuild build-for-testing` once, the tests listed
/// from the `.xctestrun` it wrote, selected and sharded as a package's are, then run under
/// `test-without-building` inside the capture server and services (`XcodeTestRunner`).
extension RunOrchestrator {
    func buildAndRunUnderXcode(
        _ setup: Setup, xcode: XcodeProject, execution: RunExecution, timings: [String: Double], observer: any TestRunObserver
    ) async throws -> RunExecution.Outcome {
        let plan = setup.plan
        let project = xcode
        let log = try ProcessLog(path: "\(setup.reports.logsPath)/xcodebuild.log")
        if !options.skipBuild {
            await progress.note("building \(xcode.scheme) (xcodebuild \(XcodebuildInvocation.buildForTesting(project).prefix(1).joined()))")
            try await stop.run { try await Self.xcodebuild(XcodebuildInvocation.buildForTesting(project), in: plan.package, log: log) }
        }
        // `build-for-testing` leaves an `.xctestrun` per scheme and test plan in derived data:
        // the listing and every later run name it, so the build is not repeated.
        let xctestrun = try XcodeProducts.xctestrun(derivedData: project.derivedData, scheme: xcode.scheme, testPlan: xcode.testPlan)
        let listingPath = "\(setup.reports.logsPath)/xcode-tests.json"
        try await stop.run {
            try await Self.xcodebuild(
                XcodebuildInvocation.enumerateTests(project, xctestrun: xctestrun, output: listingPath), in: plan.package, log: log)
        }
        let listing = try XcodeTestListing.decode(FileManager.default.contents(atPath: listingPath) ?? Data(), path: listingPath).tests
        // xcodebuild hands out whole classes: a shard keeps each class whole too.
        let runnable = try await runnable(from: listing, setup: setup, timings: timings, wholeClasses: true)
        guard !runnable.tests.isEmpty else { return runnable.outcomeWithoutTests }
        // The launcher is unused: xcodebuild starts the test runner.
        let configuration = runnable.configuration(
            launcher: DirectLauncher(binary: xctestrun), plan: plan, runDirectory: execution.runDirectory,
            logDirectory: setup.reports.logsPath, durations: timings)
        let built = XcodeTestRunner.Built(
            project: project, xctestrun: xctestrun, directory: plan.package, resultBundle: "\(setup.reports.path)/xcode/tests.xcresult", log: log,
            workers: await xcodeWorkers(setup: setup, execution: execution))
        var outcome = try await execution.run(
            runnable.tests, listed: listing, configuration: configuration, observer: observer, stop: stop, xcode: built)
        await log.close()
        let ranUnder = "ran under xcodebuild: result bundle xcode/tests.xcresult, its log logs/xcodebuild.log"
        outcome.notes.insert(contentsOf: runnable.notes + [ranUnder], at: 0)
        outcome.subset = runnable.subset
        return outcome
    }

    /// Refused before anything is made: xcodebuild is macOS's, and what reads a Swift package's
    /// targets and profiles (`--changed`, coverage) has no Xcode counterpart yet.
    func checkXcodeRun(for plan: Plan, settings: RunSettings) throws(OrchestratorError) {
        guard plan.xcode != nil else { return }
        if options.changed != nil {
            throw .badOption("--changed reads a Swift package's targets; a plan with `xcode:` runs all its selected tests (drop --changed)")
        }
        if settings.coverage {
            throw .badOption("coverage is not collected under xcodebuild yet: drop `coverage:` (or --coverage) from a plan with `xcode:`")
        }
        guard Self.hasXcodebuild else {
            throw .badOption(
                "the plan's `xcode:` tests run under xcodebuild, which only macOS has; on another machine, "
                    + "`telltale import xcresult` reads the result bundle (or its JSON) of a run made on a Mac")
        }
    }

    /// Compiled everywhere, run on macOS only.
    private static var hasXcodebuild: Bool {
        #if os(macOS)
            true
        #else
            false
        #endif
    }

    /// `--workers` or the plan's `workers` as parallel testing's worker count (nil: the test
    /// plan's own setting). Parallel clones share one capture session, so a run that checks
    /// events or brackets each test runs them one at a time.
    private func xcodeWorkers(setup: Setup, execution: RunExecution) async -> Int? {
        guard let workers = setup.settings.workers else { return execution.lifecycle == .none ? nil : 1 }
        guard workers > 1, execution.lifecycle != .none else { return workers }
        await progress.note("one worker: under xcodebuild, parallel clones would share one capture session, and this run checks events per test")
        return 1
    }

    private static func xcodebuild(_ arguments: [String], in directory: String, log: ProcessLog) async throws {
        let process = ChildProcess(executable: XcodebuildInvocation.executable, arguments: arguments, workingDirectory: directory)
        await log.line("$ \(process.commandLine)")
        let tail = LineTail()
        let exit = try await process.run { line in
            await log.line(line)
            await tail.append(line)
        }
        guard exit.isSuccess else {
            throw XcodeError(
                "`\(process.commandLine)` ended with \(exit):\n" + (await tail.lines).joined(separator: "\n"),
                remedy: "the whole output is in \(log.path ?? "logs/xcodebuild.log")")
        }
    }
}

/// The last lines of a command's output, for its error.
private actor LineTail {
    private(set) var lines: [String] = []
    func append(_ line: String) {
        lines.append(line)
        if lines.count > 20 { lines.removeFirst() }
    }
}
