import Foundation
import TelltaleProcesses

/// `llvm-cov export -format=lcov` over the test binary and the package's dynamic libraries it
/// links, into a file: llvm-cov's own line counts, which `swift test --enable-code-coverage`'s
/// JSON has too. The package's `.build` (dependencies' checkouts, generated sources) is skipped
/// at the source.
enum CoverageExport {
    static func lcov(
        binary: String, profile: String, output: String, tools: CoverageTools, packageRoot: String? = nil
    ) async throws(CoverageFailure) -> [String] {
        // On macOS the object is the bundle's executable, as SwiftPM hands it to llvm-cov.
        var arguments = ["export", "-format=lcov", "-instr-profile=\(profile)", executable(of: binary)]
        for object in linkedLibraries(of: binary) { arguments += ["-object", object] }
        if let packageRoot { arguments.append("-ignore-filename-regex=" + ignoredBuildFolder(of: packageRoot)) }
        // The tracefile goes straight to a file, never held as output lines; what llvm-cov says besides
        // it comes back as notes.
        let process = {
            var process = ChildProcess(executable: tools.cov, arguments: arguments)
            process.standardOutputFile = output
            return process
        }()
        let result: CommandOutput
        do {
            result = try await CommandOutput.collect(process)
        } catch {
            throw CoverageFailure("could not start `\(process.commandLine)`: \(error)")
        }
        guard result.succeeded else {
            throw CoverageFailure(
                "`\(process.commandLine)` failed (\(result.exit.map { "\($0)" } ?? "")): \(result.lines.suffix(10).joined(separator: "\n"))")
        }
        return result.lines.filter { !$0.isEmpty }.map { "coverage: llvm-cov: \($0)" }
    }

    /// The package's own `.build`, as llvm-cov's (POSIX extended) regex, through a symlink of its
    /// folder or not. Only the package's: a package whose own folder is inside some other `.build`
    /// (a checkout of it, a CI cache's) is still measured.
    static func ignoredBuildFolder(of root: String) -> String {
        // The folder as given and with its symlinks resolved: llvm-cov names files as the compiler saw them.
        let roots = Set([root, URL(fileURLWithPath: root).resolvingSymlinksInPath().path]).sorted()
        // Every character an extended regex gives a meaning to, escaped.
        let escaped = roots.map { path in
            String(path.flatMap { character in "\\^$.|?*+()[]{}".contains(character) ? "\\\(character)" : "\(character)" })
        }
        return "^(" + escaped.joined(separator: "|") + ")/\\.build/"
    }

    /// The package's own dynamic libraries (`.dynamic` library products) beside the test
    /// binary that it names: their code is measured in them, not in the binary. A library
    /// left over from an earlier build, which the binary does not name, is not measured.
    static func linkedLibraries(of binary: String) -> [String] {
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("lib") && ($0.hasSuffix(".so") || $0.hasSuffix(".dylib")) }
        guard !names.isEmpty, let image = try? Data(contentsOf: URL(fileURLWithPath: executable(of: binary)), options: .alwaysMapped) else {
            return []
        }
        // The dynamic loader finds a library by the name the binary holds, so the name is in its bytes.
        return names.sorted().filter { image.range(of: Data($0.utf8)) != nil }.map { folder.appendingPathComponent($0).path }
    }

    /// A bundle's executable on macOS (`X.xctest/Contents/MacOS/X`); the binary itself elsewhere.
    static func executable(of binary: String) -> String {
        let url = URL(fileURLWithPath: binary)
        let inside = url.appendingPathComponent("Contents/MacOS").appendingPathComponent(url.deletingPathExtension().lastPathComponent)
        return FileManager.default.fileExists(atPath: inside.path) ? inside.path : binary
    }
}
