/// How a package is built and its test processes run so that each writes its own raw profile.
///
/// The build is SwiftPM's for `--enable-code-coverage` (`-profile-generate
/// -profile-coverage-mapping` on every Swift target) and, on Linux, runtime counter
/// relocation, which lets a process keep its counters in its profile file as it runs
/// (LLVM's continuous mode, `%c`): a test process that crashes, or that the watchdog kills,
/// keeps what it ran, where SwiftPM's profiles (written at exit) lose it. Elsewhere (macOS)
/// profiles are written at exit, as SwiftPM writes them.
public enum CoverageBuild {
    #if os(Linux)
        public static let buildArguments = ["--enable-code-coverage", "-Xswiftc", "-Xllvm", "-Xswiftc", "-runtime-counter-relocation"]
    #else
        public static let buildArguments = ["--enable-code-coverage"]
    #endif

    /// The variable LLVM's profile runtime reads.
    public static let profileVariable = "LLVM_PROFILE_FILE"

    /// `DIR/%c%p-%m.profraw`: one file per process (`%p`; every worker, batch, retry, crash
    /// re-run and exit-test child is a process of its own), merged online with the file of an
    /// earlier process that had the same pid (`%m`), counters kept as they change (`%c`, when
    /// `continuous`). A build Telltale did not make (`--skip-build`) may lack counter
    /// relocation, which continuous mode needs, so it runs without.
    public static func profilePattern(directory: String, continuous: Bool) -> String {
        #if os(Linux)
            let mode = continuous ? "%c" : ""
        #else
            let mode = ""
        #endif
        return "\(directory)/\(mode)%p-%m.profraw"
    }
}
