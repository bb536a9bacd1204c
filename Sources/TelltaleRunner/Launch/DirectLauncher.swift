/// Runs the test executable itself, as SwiftPM does on Linux but without SwiftPM's start-up:
/// `BINARY --list-tests`, `BINARY Mod.Class,Mod.Class/test`, and
/// `BINARY --testing-library swift-testing …` for Swift Testing.
public struct DirectLauncher: TestLauncher {
    public var binary: String

    public init(binary: String) {
        self.binary = binary
    }

    public var kind: LauncherKind { .direct }

    public func xctestListing(scratch: String) -> (command: TestCommand, output: XCTestListingOutput) {
        (TestCommand(executable: binary, arguments: ["--list-tests"]), .lines)
    }

    public func swiftTestingListing(arguments: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: ["--testing-library", "swift-testing", "--list-tests"] + arguments)
    }

    public func xctestRun(specifiers: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: specifiers.isEmpty ? [] : [specifiers.joined(separator: ",")])
    }

    public func swiftTestingRun(arguments: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: ["--testing-library", "swift-testing"] + arguments)
    }
}
