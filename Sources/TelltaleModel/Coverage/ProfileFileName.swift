/// How a coverage run names each test process's raw profile, so that after the run every
/// profile can be traced to the process that wrote it, and a process that wrote none is seen.
///
/// The run sets one `LLVM_PROFILE_FILE` pattern with `{process}` in it (`CoverageBuild`); the
/// runner puts each process's id there as it starts it (`<session>/p12`, as its tests'
/// `placement.process` says, made a file name: `<session>-p12`), and LLVM's runtime expands the
/// rest (`%p` the pid, so a Swift Testing exit test's child, which inherits the variable, still
/// writes a file of its own). The session keeps a bisection's processes, numbered apart from the
/// run's, from being taken for them.
package enum ProfileFileName {
    /// The variable LLVM's profile runtime reads.
    package static let variable = "LLVM_PROFILE_FILE"
    /// Where the process's id goes. Not `%…`: LLVM's runtime expands those (`%t` is TMPDIR).
    package static let processPlaceholder = "{process}"

    /// `pattern` for the process `process` (its placement's id).
    package static func naming(_ pattern: String, process: String) -> String {
        pattern.replacingOccurrences(of: processPlaceholder, with: fileName(ofProcess: process))
    }

    /// A process's id as a file name: `/` becomes `-`, anything but letters, digits, `.`, `_`
    /// and `-` becomes `_`.
    package static func fileName(ofProcess process: String) -> String {
        String(
            process.map { character -> Character in
                if character == "/" { return "-" }
                return character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character)) ? character : "_"
            })
    }

    /// Whether the profile `name` was written by `process` (or a child it started): its name
    /// starts with the process's, or has it after a coverage map's test key (`t3fa…-NAME-…`).
    package static func isWritten(_ name: String, by process: String) -> Bool {
        let own = fileName(ofProcess: process) + "-"
        return name.hasPrefix(own) || name.contains("-" + own)
    }
}
