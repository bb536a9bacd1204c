import Foundation
import TelltaleProcesses
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// The commands each launcher builds, argument by argument, against what SwiftPM 6.2 and 6.3
/// run themselves (`SwiftTestCommand.TestRunner.args(forTestAt:)`, `TestingSupport`).
@Suite(.tags(.small))
struct LauncherTests {
    // MARK: Direct

    @Test func directRunsTheExecutable() {
        let launcher = DirectLauncher(binary: "/p/.build/debug/PPackageTests.xctest")
        #expect(launcher.xctestListing(scratch: "/tmp/s").command.arguments == ["--list-tests"])
        #expect(launcher.xctestRun(specifiers: ["M.A", "M.B/testC"]).arguments == ["M.A,M.B/testC"])
        #expect(launcher.xctestRun(specifiers: []).arguments == [])
        #expect(
            launcher.swiftTestingRun(arguments: ["--filter", "^M\\.S/"]).arguments == ["--testing-library", "swift-testing", "--filter", "^M\\.S/"])
        #expect(
            launcher.swiftTestingListing(arguments: ["--event-stream-version", "6.3"]).arguments.prefix(3) == [
                "--testing-library", "swift-testing", "--list-tests",
            ])
        #expect(launcher.xctestRun(specifiers: []).stop == .group)
    }

    // MARK: Darwin

    static let xcode = "/Applications/Xcode.app/Contents/Developer"
    static let bundle = "/p/.build/arm64-apple-macosx/debug/PPackageTests.xctest"

    /// Xcode's layout: the helpers in the toolchain's libexec, Swift Testing from the platform.
    static let xcodeToolchain = DarwinToolchain(
        binDirectory: "\(xcode)/Toolchains/XcodeDefault.xctoolchain/usr/bin", platformPath: "\(xcode)/Platforms/MacOSX.platform",
        inherited: ["DYLD_LIBRARY_PATH": "/opt/mine"], fileExists: { _ in false })

    @Test func darwinRunsXCTestThroughXcrunWithTheBundle() {
        let launcher = DarwinLauncher(bundle: Self.bundle, toolchain: Self.xcodeToolchain)
        let run = launcher.xctestRun(specifiers: ["PTests.A", "PTests.B/testC"])
        #expect(run.executable == "/usr/bin/xcrun")
        #expect(run.arguments == ["xctest", "-XCTest", "PTests.A,PTests.B/testC", Self.bundle])
        #expect(launcher.xctestRun(specifiers: []).arguments == ["xctest", Self.bundle], "no -XCTest: every test")
        #expect(run.environment["SWIFT_TESTING_ENABLED"] == "0", "XCTest's harness leaves Swift Testing to its own run")
        #expect(
            run.environment["DYLD_FRAMEWORK_PATH"]
                == "\(Self.xcode)/Platforms/MacOSX.platform/Developer/Library/Frameworks:\(Self.xcode)/Platforms/MacOSX.platform/Developer/Library/PrivateFrameworks"
        )
        #expect(
            run.environment["DYLD_LIBRARY_PATH"] == "/opt/mine:\(Self.xcode)/Platforms/MacOSX.platform/Developer/usr/lib", "appended, as SwiftPM does"
        )
    }

    @Test func darwinListsXCTestWithTheHelperIntoAFile() {
        let (command, output) = DarwinLauncher(bundle: Self.bundle, toolchain: Self.xcodeToolchain).xctestListing(scratch: "/tmp/s")
        #expect(command.executable == "\(Self.xcode)/Toolchains/XcodeDefault.xctoolchain/usr/libexec/swift/pm/swiftpm-xctest-helper")
        #expect(command.arguments == [Self.bundle, "/tmp/s/xctest-list.json"])
        #expect(output == .dumpJSON(path: "/tmp/s/xctest-list.json"))
    }

    @Test func darwinRunsSwiftTestingThroughTheTestingHelper() {
        let launcher = DarwinLauncher(bundle: Self.bundle, toolchain: Self.xcodeToolchain)
        let binary = "\(Self.bundle)/Contents/MacOS/PPackageTests"
        #expect(launcher.binary == binary)
        let run = launcher.swiftTestingRun(arguments: ["--quiet", "--filter", "^P\\.S/"])
        #expect(run.executable == "\(Self.xcode)/Toolchains/XcodeDefault.xctoolchain/usr/libexec/swift/pm/swiftpm-testing-helper")
        #expect(run.arguments == ["--test-bundle-path", binary, "--quiet", "--filter", "^P\\.S/", binary, "--testing-library", "swift-testing"])
        #expect(run.environment["SWIFT_TESTING_ENABLED"] == nil)
        let list = launcher.swiftTestingListing(arguments: ["--event-stream-version", "6.3"])
        #expect(
            list.arguments == [
                "--test-bundle-path", binary, "--list-tests", "--event-stream-version", "6.3", binary, "--testing-library", "swift-testing",
            ])
    }

    /// Command Line Tools keep Testing.framework beside the toolchain; a swift.org toolchain
    /// keeps its library in lib/swift/macosx/testing; a development build its helpers in bin.
    @Test func darwinFindsTheToolchainsOwnSwiftTesting() {
        let clt = DarwinToolchain(
            binDirectory: "/Library/Developer/CommandLineTools/usr/bin", platformPath: nil,
            fileExists: { $0 == "/Library/Developer/CommandLineTools/Library/Developer/Frameworks/Testing.framework" })
        #expect(clt.environment == ["DYLD_FRAMEWORK_PATH": "/Library/Developer/CommandLineTools/Library/Developer/Frameworks"])
        let swiftOrg = DarwinToolchain(
            binDirectory: "/Library/Developer/Toolchains/swift-6.3.xctoolchain/usr/bin", platformPath: nil,
            fileExists: { $0.hasSuffix("/lib/swift/macosx/testing") || $0.hasSuffix("/usr/bin/swiftpm-testing-helper") })
        #expect(swiftOrg.environment == ["DYLD_LIBRARY_PATH": "/Library/Developer/Toolchains/swift-6.3.xctoolchain/usr/lib/swift/macosx/testing"])
        #expect(swiftOrg.testingHelper == "/Library/Developer/Toolchains/swift-6.3.xctoolchain/usr/bin/swiftpm-testing-helper")
    }

    // MARK: SwiftPM

    static let swiftpm = SwiftPMLauncher(packagePath: "/p")

    @Test func swiftpmRunsEachFrameworkAloneWithoutTheBuildLock() {
        let xctest = Self.swiftpm.xctestRun(specifiers: ["PTests.A", "PTests.B/testC"])
        #expect(xctest.executable == "swift")
        #expect(
            xctest.arguments == [
                "test", "--skip-build", "--ignore-lock", "--package-path", "/p", "--disable-swift-testing",
                "--filter", #"^PTests\.A/"#, "--filter", #"^PTests\.B/testC$"#,
            ])
        #expect(xctest.stop == .interruptFirst, "swift test stops its test process on SIGINT only")
        let swiftTesting = Self.swiftpm.swiftTestingRun(arguments: ["--quiet", "--filter", "^P\\.S/"])
        #expect(
            swiftTesting.arguments == [
                "test", "--skip-build", "--ignore-lock", "--package-path", "/p", "--disable-xctest", "--quiet", "--filter", "^P\\.S/",
            ])
        #expect(
            Self.swiftpm.xctestListing(scratch: "/tmp").command.arguments == [
                "test", "list", "--skip-build", "--ignore-lock", "--package-path", "/p", "--disable-swift-testing",
            ])
        let release = SwiftPMLauncher(packagePath: "/p", buildArguments: ["-c", "release"])
        #expect(
            release.xctestRun(specifiers: []).arguments == [
                "test", "--skip-build", "--ignore-lock", "--package-path", "/p", "-c", "release", "--disable-swift-testing",
            ])
    }

    /// Lines SwiftPM 6.3.1 printed here, around the test process's own.
    @Test func swiftpmsOwnLinesAreToldFromTheTestProcesss() {
        let notice =
            "Another instance of SwiftPM (PID: 18678) is already running using '/p/.build', but this will be ignored since `--ignore-lock` has been passed"
        #expect(Self.swiftpm.split(notice + "[0/1] Planning build") == [.launcher(notice), .launcher("[0/1] Planning build")])
        #expect(Self.swiftpm.split(notice + "P.S/f()") == [.launcher(notice), .test("P.S/f()")], "a listed id glued to the notice is kept")
        let crash =
            "error: Process '/p/.build/x86_64-unknown-linux-gnu/debug/PPackageTests.xctest CrashingFixtureTests.CrashCases/testB_Crashes' exited with unexpected signal code 4"
        #expect(Self.swiftpm.split(crash) == [.testProcessSignaled(4, line: crash)])
        #expect(Self.swiftpm.split("about to cr" + crash) == [.test("about to cr"), .testProcessSignaled(4, line: crash)], "after a partial line")
        #expect(
            Self.swiftpm.split("Test Case 'CrashCases.testB_Crashes' started at 2026-11-25 09:15:05.420") == [
                .test("Test Case 'CrashCases.testB_Crashes' started at 2026-11-25 09:15:05.420")
            ])
        #expect(Self.swiftpm.split("[1/2] a test's own progress line") == [.test("[1/2] a test's own progress line")])
        #expect(DirectLauncher(binary: "/b").split("[0/1] Planning build") == [.test("[0/1] Planning build")])
        // Another process building the same package meanwhile (`--ignore-lock` does not wait).
        for busy in [
            #"error: unable to attach DB: error: accessing build database "/p/.build/build.db": database is locked Possibly there are two concurrent builds running in the same filesystem location."#,
            "error: unexpected top-level node", "error: unable to load build file",
        ] {
            #expect(Self.swiftpm.split(busy) == [.launcherBusy(busy)])
        }
        let noTests = "error: no tests found; create a target in the 'Tests' directory"
        #expect(Self.swiftpm.split(noTests) == [.launcher(noTests)], "what follows a busy build: not test output")
    }

    // MARK: Choice

    @Test func theTestProductChoosesTheLauncher() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: "\(folder)/P.xctest/Contents/MacOS", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: "\(folder)/Linux.xctest", contents: Data(), attributes: [.posixPermissions: 0o755])
        #expect(LauncherKind.automatic(testProduct: "\(folder)/Linux.xctest") == .direct)
        #if os(macOS)
            #expect(LauncherKind.automatic(testProduct: "\(folder)/P.xctest") == .darwin)
        #else
            #expect(LauncherKind.automatic(testProduct: "\(folder)/P.xctest") == .swiftpm, "a bundle off macOS: only swift test knows it")
            #expect(LauncherKind.darwin.unavailableReason != nil)
        #endif
    }
}
