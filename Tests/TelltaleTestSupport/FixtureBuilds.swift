import Foundation

/// Each fixture package built once per test process, in place, under its `PackageLock`.
///
/// Every test that needs a fixture's products asks here, so a fixture has one build (one
/// command): a second build with other flags would replace what another test is running.
public actor FixtureBuilds {
    public static let shared = FixtureBuilds()

    /// `swift test list`: the build `telltale run` makes (`PackageBuilder`), so a later run
    /// without `--skip-build` finds it up to date. (`swift build --build-tests` builds with
    /// other parameters: each finds the other's build stale and builds everything again.)
    public static let asTelltaleBuilds = ["test", "list"]

    private var built: [String: [String]] = [:]

    /// Builds `package` with `swift <arguments>` unless this process already did.
    public func build(_ package: String, _ arguments: [String] = asTelltaleBuilds) async throws {
        try await PackageLock.withLock(package) { try await buildHoldingTheLock(package, arguments) }
    }

    /// Builds `package` once, then runs `body` holding its lock: nothing builds there meanwhile.
    public func withBuilt<T>(
        _ package: String, _ arguments: [String] = asTelltaleBuilds, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        try await PackageLock.withLock(package) {
            try await buildHoldingTheLock(package, arguments)
            return try await body()
        }
    }

    /// The caller holds `package`'s lock.
    private func buildHoldingTheLock(_ package: String, _ arguments: [String]) async throws {
        if let previous = built[package] {
            guard previous == arguments else { throw OtherBuild(package: package, previous: previous, asked: arguments) }
            return
        }
        let result = try await ChildProcesses.run(
            "swift", arguments + ["--package-path", package], in: package, environment: Self.environment)
        guard result.status == 0 || result.stderrText.contains("Build complete!") || result.stdoutText.contains("Build complete!") else {
            throw BuildFailed(package: package, arguments: arguments, output: result.stdoutText + result.stderrText)
        }
        built[package] = arguments
    }

    /// The tests' environment as `telltale` passes it on to SwiftPM (SwiftPM plans a build again
    /// when the environment changes): `CI`, no `TELLTALE_` variable, and `_` naming `swift`.
    static var environment: [String: String] {
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TELLTALE_") }
        variables["CI"] = "true"
        let path = (variables["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
        if let swift = path.first(where: FileManager.default.isExecutableFile(atPath:)) { variables["_"] = swift }
        return variables
    }

    public struct BuildFailed: LocalizedError {
        public var package: String
        public var arguments: [String]
        public var output: String
        public var errorDescription: String? { "swift \(arguments.joined(separator: " ")) in \(package) failed:\n\(output)" }
    }

    public struct OtherBuild: LocalizedError {
        public var package: String
        public var previous: [String]
        public var asked: [String]
        public var errorDescription: String? {
            "\(package) was built with `swift \(previous.joined(separator: " "))`, and a test asks for `swift \(asked.joined(separator: " "))`:"
                + " one fixture, one build (a second would replace the products other tests run); use a fixture of its own"
        }
    }
}
