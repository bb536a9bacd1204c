import TelltaleProcesses

/// One command that lists or runs tests, as a `TestLauncher` spells it for its platform.
package struct TestCommand: Sendable, Hashable {
    package var executable: String
    package var arguments: [String]
    /// Variables set on top of the test process's own environment.
    package var environment: [String: String]
    /// How to stop it: `swift test` is interrupted first, so it stops its test process.
    package var stop: StopMethod

    package init(executable: String, arguments: [String], environment: [String: String] = [:], stop: StopMethod = .group) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.stop = stop
    }
}

/// Where an XCTest listing names its tests.
package enum XCTestListingOutput: Sendable, Hashable {
    /// One `Module.Class/test` a line of the command's output.
    case lines
    /// A JSON file in XCTest's `--dump-tests-json` form (SwiftPM's helper on Darwin writes one).
    case dumpJSON(path: String)
}

/// A piece of a command's output line: the test process's, or the launcher's own (`swift test`'s).
package enum LauncherOutput: Sendable, Hashable {
    /// A line of the test process, parsed as its framework's output.
    case test(String)
    /// The launcher's own chatter, kept in the log but not parsed.
    case launcher(String)
    /// The launcher's report that its test process ended on this signal (it exited 1 itself).
    case testProcessSignaled(Int32, line: String)
    /// The launcher could not start the test process because a build of the same package held
    /// the build's files: the command is worth running again once the build is done.
    case launcherBusy(String)
}
