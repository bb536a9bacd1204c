import Foundation
import TelltaleServices
import TelltaleTestSupport

/// The real service the tests supervise: Tests/Fixtures/ServiceFixture, built
/// once per test process and shared (SwiftPM locks the build folder).
actor FixtureService {
    static let shared = FixtureService()

    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ServiceFixture").path

    private var built: Task<String, any Error>?

    /// The path of the built `service-fixture` executable.
    func executable() async throws -> String {
        if let built { return try await built.value }
        let task = Task<String, any Error> {
            let build = try await ChildProcesses.run("swift", ["build", "--package-path", Self.packageDirectory])
            guard build.status == 0 else {
                throw FixtureBuildFailed(output: build.stdoutText + build.stderrText)
            }
            return Self.packageDirectory + "/.build/debug/service-fixture"
        }
        built = task
        return try await task.value
    }

    struct FixtureBuildFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "building the service fixture failed:\n\(output)" }
    }

    /// A spec for the fixture with `flags`, and a fresh log folder.
    static func spec(
        _ name: String, _ flags: [String], port: ServicePort = .auto,
        probe: ReadinessCheck.Probe = .http(path: "/health", status: 200), timeout: Duration = .seconds(10),
        onCrash: CrashPolicy = .stop, grace: Duration = .seconds(2), testMode: TestModePaths? = nil,
        database: String? = nil
    ) async throws -> (ServiceSpec, ServiceContext) {
        let executable = try await shared.executable()
        let spec = ServiceSpec(
            name: name, command: [executable] + flags, port: port,
            readiness: ReadinessCheck(probe: probe, timeout: timeout),
            testMode: testMode, database: database, onCrash: onCrash, gracePeriod: grace
        )
        let directory = NSTemporaryDirectory() + "TelltaleServicesTests-\(UUID().uuidString)"
        return (spec, ServiceContext(runDirectory: directory, logDirectory: directory + "/logs"))
    }
}
