import Foundation
import TelltaleProcesses

/// Builds a package's tests once, as `swift test` builds them, and finds the test binary.
///
/// `swift test` builds with its own parameters (testability asked for explicitly, among the
/// build description's inputs), so `swift build --build-tests` and `swift test` each find the
/// other's build stale: a team that runs `swift test` in its editor and Telltale in its hook
/// would pay a rebuild on every switch. `swift test list` builds exactly as `swift test` does
/// (then prints the test names, which go to the build log), so switching is warm both ways.
package struct PackageBuilder: Sendable {
    package var packagePath: String
    /// The build folder, absolute, when it is not the package's `.build` (`--scratch-path`):
    /// a coverage build has one of its own (`CoverageBuild.scratchPath`).
    package var scratchPath: String?
    /// Extra arguments for `swift build`, e.g. `-c release`.
    package var extraArguments: [String]
    /// Compiler flags for a coverage build (`--enable-code-coverage`, …).
    package var coverageArguments: [String]

    package init(packagePath: String, scratchPath: String? = nil, buildArguments: [String] = [], coverageArguments: [String] = []) {
        self.packagePath = packagePath
        self.scratchPath = scratchPath
        self.extraArguments = buildArguments
        self.coverageArguments = coverageArguments
    }

    /// What says where the products are and how they are configured: the scratch folder and the
    /// extra arguments. Every SwiftPM command that reads the products (`swift test --skip-build`,
    /// `--show-bin-path`) is given these too, so it reads the same build.
    package var buildArguments: [String] {
        (scratchPath.map { ["--scratch-path", $0] } ?? []) + extraArguments
    }

    /// The build command: `swift test list` with the package and the build's own arguments.
    /// `swift test list` always builds without coverage, so a coverage build is
    /// `swift build --build-tests` with the coverage flags, in a scratch folder of its own
    /// (`CoverageBuild`: no object of another build may be linked into it).
    package var command: [String] {
        guard coverageArguments.isEmpty else {
            return ["swift", "build", "--build-tests", "--package-path", packagePath] + buildArguments + coverageArguments
                + SwiftPMLock.arguments()
        }
        return ["swift", "test", "list", "--package-path", packagePath] + buildArguments + SwiftPMLock.arguments()
    }

    /// `_` as a shell sets it for `swift`: SwiftPM counts the environment among what a build
    /// plan depends on, and a shell's `swift test` has `_` naming `swift` where Telltale's child
    /// would have it name whatever started Telltale, so the two would plan the build afresh
    /// (about 1.5 s) on every switch.
    static var shellEnvironment: [String: String] {
        ExecutableSearch.path(of: "swift").map { ["_": $0] } ?? [:]
    }

    /// Builds, streaming every line to `onLine`; throws `RunnerError.buildFailed`
    /// with the compiler's errors when the build fails.
    package func build(onLine: @escaping @Sendable (String) async -> Void) async throws {
        try checkPackage()
        let process = ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), environment: Self.shellEnvironment)
        let collector = BuildOutputCollector()
        let exit = try await process.run { line in
            await collector.append(line)
            await onLine(line)
        }
        // Built, but the listing that follows failed (a test binary that dies as it starts):
        // not a build failure; Telltale's own listing says what is wrong.
        let built = await collector.buildCompleted
        guard exit.isSuccess || built else {
            throw RunnerError.buildFailed(
                command: process.commandLine,
                exit: exit,
                diagnostics: await collector.diagnostics,
                lastLines: await collector.tail.lines
            )
        }
    }

    /// The built test binary: `<bin>/<Package>PackageTests.xctest`.
    package func testBinary() async throws -> String {
        try checkPackage()
        let binPath = try await binDirectory()
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? [])
            .filter { $0.hasSuffix("PackageTests.xctest") }
            .map { "\(binPath)/\($0)" }
        // A renamed package leaves its old binary behind; the newest one is this build's.
        let newest = candidates.max { modificationDate($0) < modificationDate($1) }
        guard let binary = newest else {
            throw RunnerError.noTestBinary(package: packagePath, searched: binPath)
        }
        return binary
    }

    /// SwiftPM links `.build/debug` (in a scratch folder, `SCRATCH/debug`) to the debug products
    /// of a default build; asking
    /// `swift build --show-bin-path` costs a SwiftPM start-up, so it is only the fallback
    /// for builds configured with extra arguments.
    private func binDirectory() async throws -> String {
        // Absolute: test processes run with the package as their working directory.
        let conventional = URL(fileURLWithPath: "\(scratchPath ?? "\(packagePath)/.build")/debug").standardizedFileURL.path
        if extraArguments.isEmpty, FileManager.default.fileExists(atPath: conventional) {
            return conventional
        }
        let process = ChildProcess(
            executable: "swift",
            arguments: ["build", "--show-bin-path", "--package-path", packagePath] + buildArguments + SwiftPMLock.arguments()
        )
        let collector = BuildOutputCollector()
        let exit = try await process.run { await collector.append($0) }
        let lines = await collector.tail.lines
        guard exit.isSuccess, let binPath = lines.last(where: { $0.hasPrefix("/") }) else {
            throw RunnerError.listingFailed(command: process.commandLine, exit: exit, lastLines: lines)
        }
        return binPath
    }

    private func checkPackage() throws {
        guard FileManager.default.fileExists(atPath: "\(packagePath)/Package.swift") else {
            throw RunnerError.packageNotFound(path: packagePath)
        }
    }

    private func modificationDate(_ path: String) -> Date {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }
}

/// Keeps what a failed build needs to explain itself: compiler errors and the last lines.
actor BuildOutputCollector {
    private(set) var diagnostics: [String] = []
    private(set) var tail = LineBuffer(capacity: 40)
    private var seen: Set<String> = []
    /// SwiftPM said `Build complete!`: what failed after it was not the build.
    private(set) var buildCompleted = false

    func append(_ line: String) {
        tail.append(line)
        if line.hasPrefix("Build complete!") { buildCompleted = true }
        // The compiler repeats an error once per file that imports the broken module; show each once.
        if line.contains(": error: ") || line.hasPrefix("error: "), seen.insert(line).inserted, diagnostics.count < 50 {
            diagnostics.append(line)
        }
    }
}
