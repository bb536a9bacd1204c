/// Runs an `.xctest` bundle the way SwiftPM does on macOS (`SwiftTestCommand` and
/// `TestingSupport` in swift-package-manager 6.2 and 6.3):
///
/// - XCTest: `xcrun xctest [-XCTest Mod.Class,Mod.Class/test] BUNDLE`, with
///   `SWIFT_TESTING_ENABLED=0` so XCTest's harness leaves Swift Testing to its own run;
/// - listing XCTest: `swiftpm-xctest-helper BUNDLE FILE`, which writes the tests to FILE as
///   JSON (the `--dump-tests-json` form Linux's XCTest prints);
/// - Swift Testing: `swiftpm-testing-helper --test-bundle-path BINARY ARGS… BINARY
///   --testing-library swift-testing`, where BINARY is the bundle's executable: the helper
///   loads it and calls its `main` with those arguments;
///
/// each with the platform's test frameworks and the toolchain's Swift Testing on the dynamic
/// loader's paths (`DarwinToolchain.environment`).
package struct DarwinLauncher: TestLauncher {
    /// The `.xctest` bundle.
    package var bundle: String
    package var toolchain: DarwinToolchain

    package init(bundle: String, toolchain: DarwinToolchain) {
        self.bundle = bundle
        self.toolchain = toolchain
    }

    package var kind: LauncherKind { .darwin }

    /// `Name.xctest/Contents/MacOS/Name`.
    package var binary: String {
        let name = bundle.split(separator: "/").last.map { String($0.dropLast(".xctest".count)) } ?? ""
        return "\(bundle)/Contents/MacOS/\(name)"
    }

    private var xctestEnvironment: [String: String] {
        toolchain.environment.merging(["SWIFT_TESTING_ENABLED": "0"]) { _, new in new }
    }

    package func xctestListing(scratch: String) -> (command: TestCommand, output: XCTestListingOutput) {
        let file = "\(scratch)/xctest-list.json"
        let command = TestCommand(executable: toolchain.xctestHelper, arguments: [bundle, file], environment: xctestEnvironment)
        return (command, .dumpJSON(path: file))
    }

    package func swiftTestingListing(arguments: [String]) -> TestCommand {
        swiftTestingRun(arguments: ["--list-tests"] + arguments)
    }

    package func xctestRun(specifiers: [String]) -> TestCommand {
        let selection = specifiers.isEmpty ? [] : ["-XCTest", specifiers.joined(separator: ",")]
        return TestCommand(executable: toolchain.xcrun, arguments: ["xctest"] + selection + [bundle], environment: xctestEnvironment)
    }

    package func swiftTestingRun(arguments: [String]) -> TestCommand {
        TestCommand(
            executable: toolchain.testingHelper,
            arguments: ["--test-bundle-path", binary] + arguments + [binary, "--testing-library", "swift-testing"],
            environment: toolchain.environment)
    }
}
