import Foundation
import TelltaleModel
import TelltaleProcesses
import TelltaleRunner

/// Finds out where a run happens: host, OS, Swift version and git commit.
///
/// Runs alongside the build, so it adds nothing to a run's time; anything it
/// cannot find is simply left out.
enum RunEnvironmentProbe {
    static func probe() async -> RunEnvironment {
        async let swiftVersion = firstLine(of: ChildProcess(executable: "swift", arguments: ["--version"]))
        async let gitCommit = firstLine(of: ChildProcess(executable: "git", arguments: ["rev-parse", "HEAD"]))
        return RunEnvironment(
            host: ProcessInfo.processInfo.hostName,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            swiftVersion: await swiftVersion,
            gitCommit: await gitCommit
        )
    }

    private static func firstLine(of process: ChildProcess) async -> String? {
        let collector = FirstLine()
        guard let exit = try? await process.run(onLine: { await collector.offer($0) }), exit.isSuccess else { return nil }
        return await collector.line
    }

    private actor FirstLine {
        var line: String?
        func offer(_ text: String) {
            if line == nil, !text.isEmpty { line = text }
        }
    }
}
