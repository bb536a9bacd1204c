import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport

/// One `telltale run` per fixture and argument list, shared by every test that asserts on it.
///
/// Whatever uses a fixture's build folder holds the fixture's `PackageLock` while it does: the
/// runs here, `build` and `withBuilt` (for tests that run the built fixture themselves, with
/// `--skip-build` or `swift test`). A test that changes a fixture works on a copy of its
/// sources (`FixtureSources`), never on the fixture or its `.build`.
actor FixtureRuns {
    static let shared = FixtureRuns()

    struct Run: Sendable {
        var process: TelltaleProcess.Result
        var reportDirectory: String
        var record: RunRecord?
    }

    /// The fixture's folder, absolute.
    static func package(_ fixture: String) -> String {
        "\(TelltaleProcess.repositoryRoot)/Tests/Fixtures/\(fixture)"
    }

    private var runs: [[String]: Task<Run, any Error>] = [:]

    func run(fixture: String, extraArguments: [String] = []) async throws -> Run {
        let key = [fixture] + extraArguments
        if let existing = runs[key] { return try await existing.value }
        let task = Task<Run, any Error> {
            try await PackageLock.withLock(Self.package(fixture)) {
                let reports = try TelltaleProcess.temporaryDirectory(fixture)
                let process = try await TelltaleProcess.run(
                    ["run", "--package", "Tests/Fixtures/\(fixture)", "--report-dir", reports] + extraArguments
                )
                let record = try? RunRecordFile.read(path: "\(reports)/run.json")
                return Run(process: process, reportDirectory: reports, record: record)
            }
        }
        runs[key] = task
        return try await task.value
    }

    /// Builds `fixture` once, as `telltale run` builds it, for tests that run it with `--skip-build`.
    func build(fixture: String) async throws {
        try await FixtureBuilds.shared.build(Self.package(fixture))
    }

    /// Builds `fixture` once, then runs `body` while nothing else uses its build folder: for
    /// tests that run the built fixture themselves (`--skip-build`, `swift test --skip-build`).
    func withBuilt<T>(
        fixture: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        try await FixtureBuilds.shared.withBuilt(Self.package(fixture), FixtureBuilds.asTelltaleBuilds, isolation: isolation, body)
    }
}
