import Foundation
import TelltaleModel
import TelltaleReports

/// One `telltale run` per fixture and argument list, shared by every test that
/// asserts on it: a fixture builds once, and two runs never race on its build folder.
actor FixtureRuns {
    static let shared = FixtureRuns()

    struct Run: Sendable {
        var process: TelltaleProcess.Result
        var reportDirectory: String
        var record: RunRecord?
    }

    private var runs: [[String]: Task<Run, any Error>] = [:]
    /// Runs on one fixture package are serialised: SwiftPM locks its build folder.
    private var fixtureQueues: [String: Task<Void, Never>] = [:]

    func run(fixture: String, extraArguments: [String] = []) async throws -> Run {
        let key = [fixture] + extraArguments
        if let existing = runs[key] { return try await existing.value }
        let previous = fixtureQueues[fixture]
        let task = Task<Run, any Error> {
            await previous?.value
            let reports = try TelltaleProcess.temporaryDirectory(fixture)
            let process = try await TelltaleProcess.run(
                ["run", "--package", "Tests/Fixtures/\(fixture)", "--report-dir", reports] + extraArguments
            )
            let record = try? RunRecordFile.read(path: "\(reports)/run.json")
            return Run(process: process, reportDirectory: reports, record: record)
        }
        runs[key] = task
        fixtureQueues[fixture] = Task { _ = try? await task.value }
        return try await task.value
    }

    private var builds: [String: Task<Void, any Error>] = [:]

    /// Builds `fixture` once (in its queue), for tests that run it themselves with `--skip-build`.
    func build(fixture: String) async throws {
        if let existing = builds[fixture] { return try await existing.value }
        let previous = fixtureQueues[fixture]
        let task = Task<Void, any Error> {
            await previous?.value
            let result = try await TelltaleProcess.runProcess(
                "/usr/bin/env", ["swift", "build", "--build-tests", "--package-path", "Tests/Fixtures/\(fixture)"],
                in: TelltaleProcess.repositoryRoot
            )
            guard result.status == 0 else { throw FixtureBuildFailed(fixture: fixture, output: result.stderr + result.stdout) }
        }
        builds[fixture] = task
        fixtureQueues[fixture] = Task { _ = try? await task.value }
        try await task.value
    }

    struct FixtureBuildFailed: Error, CustomStringConvertible {
        var fixture: String
        var output: String
        var description: String { "swift build of \(fixture) failed:\n\(output)" }
    }

    /// Waits until every run on `fixture` has finished, for tests that use its build folder directly.
    func idle(fixture: String) async {
        await fixtureQueues[fixture]?.value
    }
}
