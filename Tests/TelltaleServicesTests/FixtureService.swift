import Foundation
import TelltaleServices
import TelltaleTestSupport

/// The real service the tests supervise: Tests/Fixtures/ServiceFixture, built once per test
/// process (`FixtureBuilds`, with the command every test that runs it uses) and shared.
enum FixtureService {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ServiceFixture").path

    /// `swift build`: the service alone, no tests. The end-to-end tests build it the same way.
    static let build = ["build"]

    /// The path of the built `service-fixture` executable.
    static func executable() async throws -> String {
        try await FixtureBuilds.shared.build(packageDirectory, build)
        return packageDirectory + "/.build/debug/service-fixture"
    }

    /// A spec for the fixture with `flags`, and a fresh log folder. Its readiness timeout is
    /// `hangLimit` unless a test is about the timeout: the fixture is ready in milliseconds
    /// alone, but a loaded machine can take seconds to schedule it.
    static func spec(
        _ name: String, _ flags: [String], port: ServicePort = .auto,
        probe: ReadinessCheck.Probe = .http(path: "/health", status: 200), timeout: Duration = hangLimit,
        onCrash: CrashPolicy = .stop, grace: Duration = .seconds(2), testMode: TestModePaths? = nil,
        database: String? = nil
    ) async throws -> (ServiceSpec, ServiceContext) {
        let executable = try await executable()
        let spec = ServiceSpec(
            name: name, command: [executable] + flags, port: port,
            readiness: ReadinessCheck(probe: probe, timeout: timeout),
            testMode: testMode, database: database, onCrash: onCrash, gracePeriod: grace
        )
        let directory = NSTemporaryDirectory() + "TelltaleServicesTests-\(UUID().uuidString)"
        return (spec, ServiceContext(runDirectory: directory, logDirectory: directory + "/logs"))
    }
}
