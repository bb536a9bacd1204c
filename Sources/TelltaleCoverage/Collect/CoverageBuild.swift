import Foundation
import TelltaleModel

/// How a package is built and its test processes run so that each writes its own raw profile.
///
/// The build is SwiftPM's for `--enable-code-coverage` (`-profile-generate
/// -profile-coverage-mapping` on every Swift target) and, on Linux, runtime counter
/// relocation, which lets a process keep its counters in its profile file as it runs
/// (LLVM's continuous mode, `%c`): a test process that crashes, or that the watchdog kills,
/// keeps what it ran, where SwiftPM's profiles (written at exit) lose it. Elsewhere (macOS)
/// profiles are written at exit, as SwiftPM writes them.
///
/// **A build folder of its own** (`scratchPath`). Continuous mode counts only in code compiled
/// with the relocation; an object compiled without it writes its counters where no file sees
/// them. The Swift driver's incremental build does not count `-Xllvm` flags among what makes an
/// object stale, so in a folder that `swift test --enable-code-coverage` (or an IDE, or an earlier
/// coverage build with other flags) built first, it kept those objects and whole files read 0
/// (measured on BigInt 6.0.1: 1,245 of 2,128 lines instead of 2,117). In its own folder every
/// object is built with these flags, the coverage build and `swift test` never make each other
/// stale, and a stamp (`flagsStamp`) clears the folder if Telltale's flags ever change.
package enum CoverageBuild {
    #if os(Linux)
        package static let buildArguments = ["--enable-code-coverage", "-Xswiftc", "-Xllvm", "-Xswiftc", "-runtime-counter-relocation"]
    #else
        package static let buildArguments = ["--enable-code-coverage"]
    #endif

    /// The coverage build's folder inside the package's own build folder, absolute.
    package static func scratchPath(package: String) -> String {
        URL(fileURLWithPath: package).standardizedFileURL.appendingPathComponent(".build/telltale-coverage").path
    }

    /// The file in the scratch folder that says which flags built it.
    static let flagsStamp = "telltale-coverage-flags"

    /// Makes `scratch` a folder whose every object is built with `buildArguments`: one stamped
    /// with other flags (or none, while it holds a build) is removed first. Returns a note when it
    /// was. The stamp is written before the build, so a failed build keeps what it compiled.
    package static func prepareScratch(_ scratch: String) throws -> String? {
        let manager = FileManager.default
        let stamp = "\(scratch)/\(flagsStamp)"
        let expected = buildArguments.joined(separator: " ") + "\n"
        var note: String?
        if manager.fileExists(atPath: scratch) {
            let found = try? String(contentsOfFile: stamp, encoding: .utf8)
            if found == expected { return nil }
            try manager.removeItem(atPath: scratch)
            note =
                "coverage: \(scratch) was built with other flags (\(found?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown")); it is built again"
        }
        try manager.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try Data(expected.utf8).write(to: URL(fileURLWithPath: stamp))
        return note
    }

    /// `DIR/{process}-%c%p-%m.profraw`: named after its test process (`ProfileFileName`), one file
    /// per process (`%p`; every worker, batch, retry, crash re-run and exit-test child is a process
    /// of its own), merged online with the file of an earlier process that had the same pid (`%m`),
    /// counters kept as they change (`%c`, when `continuous`). A build Telltale did not make
    /// (`--skip-build`) may lack counter relocation, which continuous mode needs, so it runs without.
    package static func profilePattern(directory: String, continuous: Bool) -> String {
        #if os(Linux)
            let mode = continuous ? "%c" : ""
        #else
            let mode = ""
        #endif
        return "\(directory)/\(ProfileFileName.processPlaceholder)-\(mode)%p-%m.profraw"
    }
}
