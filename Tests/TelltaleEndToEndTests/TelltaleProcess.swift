import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// Runs the built `telltale` executable as a user would, from the repository root.
enum TelltaleProcess {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Set to `swiftpm` (or `direct`) to start every test process of every run this way.
    static let launcherVariable = "TELLTALE_E2E_LAUNCHER"

    /// The repository root, where the README's commands run.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `telltale` sits beside the test bundle in SwiftPM's build folder.
    static func executable() throws -> String {
        let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = binDirectory.appendingPathComponent("telltale").path
        try #require(FileManager.default.isExecutableFile(atPath: candidate), "telltale was not built at \(candidate); run `swift build` first")
        return candidate
    }

    /// A `telltale run` keeps no history unless the test asks for one (`--history`): the
    /// fixtures under the repository must not collect a history that changes later runs.
    static func run(_ arguments: [String], in directory: String = repositoryRoot) async throws -> Result {
        let hermetic =
            arguments.first == "run" && !arguments.contains { $0 == "--history" || $0 == "--no-history" }
            ? arguments + ["--no-history"] : arguments
        return try await runProcess(executable(), hermetic, in: directory)
    }

    /// Runs any program, draining both pipes while it runs so a chatty child never blocks.
    static func runProcess(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables["CI"] = "true"
        // The tests' own environment must not leak Telltale's contract into the runs they start.
        for key in variables.keys where key.hasPrefix("TELLTALE_") { variables.removeValue(forKey: key) }
        // `TELLTALE_E2E_LAUNCHER=swiftpm swift test` runs the whole suite through another launcher.
        if let launcher = ProcessInfo.processInfo.environment[Self.launcherVariable] { variables["TELLTALE_LAUNCHER"] = launcher }
        // Nor a parallel CI job's shard (the project's own CI may run in one), nor its merge
        // request's base, which diff coverage and the comparison with the base would use.
        for key in CIShardEnvironment.variableNames + CIBaseEnvironment.variableNames {
            variables.removeValue(forKey: key)
        }
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        async let stdout = drain(out)
        async let stderr = drain(err)
        let (outData, errData) = await (stdout, stderr)
        await ChildProcesses.waitForExit(process)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// Reads a pipe to its end on a GCD thread. Blocking reads must stay off Swift's
    /// cooperative pool (one thread per core): with several children running, readers
    /// starved there leave a child blocked on a full pipe, and with it whatever lock it holds.
    static func drain(_ pipe: Pipe) async -> Data {
        await ChildProcesses.drain(pipe)
    }

    static func temporaryDirectory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-e2e-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
