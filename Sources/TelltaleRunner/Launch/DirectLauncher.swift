/// Runs the test executable itself, as SwiftPM does on Linux but without SwiftPM's start-up:
/// `BINARY --list-tests`, `BINARY Mod.Class,Mod.Class/test`, and
/// `BINARY --testing-library swift-testing …` for Swift Testing.
package struct DirectLauncher: TestLauncher {
    package var binary: String

    package init(binary: String) {
        self.binary = binary
    }

    package var kind: LauncherKind { .direct }

    package func xctestListing(scratch: String) -> (command: TestCommand, output: XCTestListingOutput) {
        (TestCommand(executable: binary, arguments: ["--list-tests"]), .lines)
    }

    package func swiftTestingListing(arguments: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: ["--testing-library", "swift-testing", "--list-tests"] + arguments)
    }

    package func xctestRun(specifiers: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: specifiers.isEmpty ? [] : [specifiers.joined(separator: ",")])
    }

    package func swiftTestingRun(arguments: [String]) -> TestCommand {
        TestCommand(executable: binary, arguments: ["--testing-library", "swift-testing"] + arguments)
    }
}
