import Foundation

/// How the backend was started: `--run-mode=test`, `$PORT`, `$DATABASE_PATH`.
public struct BackendConfiguration: Sendable {
    public var testMode: Bool
    public var port: Int
    public var databasePath: String
    /// A test whose teardown check is broken on purpose (`DEMO_BREAK_TEARDOWN`), to show a failing server-side check.
    public var brokenTeardown: String?

    public static func fromCommandLine(
        _ arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> BackendConfiguration {
        BackendConfiguration(
            testMode: arguments.contains("--run-mode=test"),
            port: environment["PORT"].flatMap(Int.init) ?? 8080,
            databasePath: environment["DATABASE_PATH"] ?? "shop.sqlite",
            brokenTeardown: environment["DEMO_BREAK_TEARDOWN"].flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// The guard of the test mode: only a database named `*_test` may be reset.
    public var databaseIsForTests: Bool {
        let name = URL(fileURLWithPath: databasePath).deletingPathExtension().lastPathComponent
        return name.hasSuffix("_test")
    }
}
