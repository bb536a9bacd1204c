import TelltaleProcesses

/// One command that lists or runs tests, as a `TestLauncher` spells it for its platform.
public struct TestCommand: Sendable, Hashable {
    public var executable: String
    public var arguments: [String]
    /// Variables set on top of the test process's own environment.
    public var environment: [String: String]
    /// How to stop it: `swift test` is interrupted first, so it stops its test process.
    public var stop: StopMethod

    public init(executable: String, arguments: [String], environment: [String: String] = [:], stop: StopMethod = .group) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.stop = stop
    }
}

/// Where an XCTest listing names its tests.
public enum XCTestListingOutput: Sendable, Hashable {
    /// One `Module.Class/test` a line of the command's output.
    case lines
    /// A JSON file in XCTest's `--dump-tests-json` form (SwiftPM's helper on Darwin writes one).
    case dumpJSON(path: String)
}

/// A line of a launcher's own (`swift test`'s), rather than the test process's.
public enum LauncherLine: Sendable, Hashable {
    /// Chatter of the launcher, kept in the log but not parsed as test output.
    case chatter
    /// The test process ended on this signal; the launcher itself exited 1.
    case testProcessSignaled(Int32)
}
