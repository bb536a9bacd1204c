import Foundation
import TelltaleModel

/// Runs tests through `swift test --skip-build` itself: slower to start (SwiftPM loads the
/// package each time, about 0.3–0.5 s), but it works wherever SwiftPM does.
///
/// Each framework runs alone (`--disable-swift-testing`, `--disable-xctest`), selected by
/// `--filter` patterns; Swift Testing gets every other argument as SwiftPM forwards them.
/// SwiftPM holds an exclusive lock on the scratch folder for a whole `swift test`, even with
/// `--skip-build`, so parallel workers would queue behind each other
/// (swift-package-manager#7269): every command passes `--ignore-lock`, which nothing here
/// needs, since nothing builds while tests run and each run only reads the built products.
///
/// `swift test` starts its test process in a process group of its own, which a signal to
/// `swift test`'s group does not reach: it is stopped with SIGINT first (`StopMethod`), on
/// which SwiftPM interrupts its test process and waits for it. A test process that died of a
/// signal makes `swift test` exit 1 and say so in a line of its own, which
/// `split(_:)` turns back into the signal, so a crash reads as it does directly.
package struct SwiftPMLauncher: TestLauncher {
    package var packagePath: String
    /// The build's own arguments (`-c release`, `--scratch-path …`), so the same products run.
    package var buildArguments: [String]
    package var swift: String

    package init(packagePath: String, buildArguments: [String] = [], swift: String = "swift") {
        self.packagePath = packagePath
        self.buildArguments = buildArguments
        self.swift = swift
    }

    package var kind: LauncherKind { .swiftpm }

    /// `swift test --skip-build` loads the package and lists XCTest again before it runs a test:
    /// 0.3–0.5 s here, on a small package.
    package var processStartCost: Double { 0.5 }

    private var common: [String] {
        ["--skip-build", "--ignore-lock", "--package-path", packagePath] + buildArguments
    }

    package func xctestListing(scratch: String) -> (command: TestCommand, output: XCTestListingOutput) {
        (TestCommand(executable: swift, arguments: ["test", "list"] + common + ["--disable-swift-testing"], stop: .interruptFirst), .lines)
    }

    package func swiftTestingListing(arguments: [String]) -> TestCommand {
        TestCommand(executable: swift, arguments: ["test", "list"] + common + ["--disable-xctest"] + arguments, stop: .interruptFirst)
    }

    /// XCTest's specifiers as `swift test` patterns: a class covers what is beneath it.
    package func xctestRun(specifiers: [String]) -> TestCommand {
        let filters = specifiers.flatMap { specifier -> [String] in
            let pattern = "^" + TestIDPattern.escaped(specifier) + (specifier.contains("/") ? "$" : "/")
            return ["--filter", pattern]
        }
        return TestCommand(
            executable: swift, arguments: ["test"] + common + ["--disable-swift-testing"] + filters, stop: .interruptFirst)
    }

    package func swiftTestingRun(arguments: [String]) -> TestCommand {
        TestCommand(executable: swift, arguments: ["test"] + common + ["--disable-xctest"] + arguments, stop: .interruptFirst)
    }

    /// SwiftPM's own lines: `--ignore-lock`'s notice (written without a line end, so the next
    /// line follows it on the same line), its planning line, and its report of a test process's
    /// signal (on standard error, which may land after a partial line of the test's output).
    /// XCTest's status lines glued to a partial line are split off by the console parser, for
    /// every launcher (`XCTestStatusLine`).
    package func split(_ line: String) -> [LauncherOutput] {
        if line.hasPrefix("Another instance of SwiftPM") {
            for end in ["has been passed", "finished execution..."] {
                if let range = line.range(of: end) {
                    let rest = String(line[range.upperBound...])
                    return [.launcher(String(line[..<range.upperBound]))] + (rest.isEmpty ? [] : split(rest))
                }
            }
            return [.launcher(line)]
        }
        if line.hasPrefix("["), line.hasSuffix("] Planning build"), line.dropFirst().first?.isNumber == true { return [.launcher(line)] }
        if Self.busyMarkers.contains(where: line.contains) { return [.launcherBusy(line)] }
        // What it says next when it could not read the build: its own words, never a test's.
        if line.hasPrefix("error: no tests found; create a target in the 'Tests' directory") { return [.launcher(line)] }
        if let report = line.range(of: "error: Process '"), let signal = Self.reportedSignal(in: line) {
            let before = String(line[..<report.lowerBound])
            return (before.isEmpty ? [] : [.test(before)]) + [.testProcessSignaled(signal, line: String(line[report.lowerBound...]))]
        }
        return [.test(line)]
    }

    /// What SwiftPM says when another process builds the same package meanwhile (which
    /// `--ignore-lock` does not wait for): llbuild's database is locked, or the build
    /// description is half written.
    static let busyMarkers = ["unable to attach DB", "unable to load build file", "unexpected top-level node"]

    /// `error: Process '…' exited with unexpected signal code 11` (SwiftPM 6.x).
    static func reportedSignal(in line: String) -> Int32? {
        let marker = "exited with unexpected signal code "
        guard let range = line.range(of: marker, options: .backwards) else { return nil }
        return Int32(line[range.upperBound...].prefix { $0.isNumber })
    }
}
