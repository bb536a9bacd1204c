import Foundation
import TelltaleProcesses

/// `llvm-profdata` and `llvm-cov` of the toolchain that builds the tests: found beside its
/// `swift` (on PATH, symlinks followed), or through `xcrun` on macOS, as SwiftPM finds them.
/// A profile must be read by the LLVM that wrote it, so no other copy on PATH will do.
package struct CoverageTools: Sendable, Hashable {
    package var profdata: String
    package var cov: String

    package init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    package struct MissingCoverageTool: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var tool: String
        package var searched: [String]
        package var description: String {
            "coverage needs \(tool), which the Swift toolchain ships beside `swift`; it is not in \(searched.joined(separator: " or ")): "
                + "install the toolchain's LLVM tools, or run without --coverage"
        }
    }

    /// Both tools, or which one is missing and where it was looked for: a coverage run looks before
    /// anything is built.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(MissingCoverageTool) -> CoverageTools
    {
        #if os(macOS)
            // Xcode's selected toolchain, as `xcrun` knows it.
            var found: [String: String] = [:]
            for tool in ["llvm-profdata", "llvm-cov"] {
                let output = await CommandOutput.of(ChildProcess(executable: "xcrun", arguments: ["--find", tool]))
                guard output.succeeded, let path = output.first, FileManager.default.isExecutableFile(atPath: path) else {
                    throw MissingCoverageTool(tool: tool, searched: ["xcrun --find \(tool)"])
                }
                found[tool] = path
            }
            return CoverageTools(profdata: found["llvm-profdata"]!, cov: found["llvm-cov"]!)
        #else
            let folders = swiftFolders(environment: environment)
            func find(_ tool: String) throws(MissingCoverageTool) -> String {
                for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
                    return "\(folder)/\(tool)"
                }
                throw MissingCoverageTool(tool: tool, searched: folders.isEmpty ? ["the folder of `swift` (not on PATH)"] : folders)
            }
            return CoverageTools(profdata: try find("llvm-profdata"), cov: try find("llvm-cov"))
        #endif
    }

    /// The folder of the first `swift` on PATH, after following its symlinks, then as found.
    static func swiftFolders(environment: [String: String]) -> [String] {
        guard let found = ExecutableSearch.path(of: "swift", environment: environment) else { return [] }
        let swift = URL(fileURLWithPath: found)
        let folder = swift.deletingLastPathComponent().path
        let resolved = swift.resolvingSymlinksInPath().deletingLastPathComponent().path
        // The resolved folder first: a `swift` on PATH is often a symlink into its toolchain, whose
        // tools sit beside the real binary.
        return resolved == folder ? [folder] : [resolved, folder]
    }
}
