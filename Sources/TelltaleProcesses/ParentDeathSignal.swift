import Foundation

/// Makes a child process die with Telltale, even when Telltale is killed with SIGKILL.
///
/// util-linux's `setpriv --pdeathsig KILL` sets the parent-death signal and then
/// execs the command, so the child keeps its pid and Telltale needs no helper
/// binary. The signal is tied to the forking *thread*: fork from `SpawnThread`.
package enum ParentDeathSignal {
    static let setprivPath = "/usr/bin/setpriv"

    /// False on systems without `setpriv` (or not Linux): there `OrphanWatcher` guards children.
    package static let available: Bool = {
        #if os(Linux)
            FileManager.default.isExecutableFile(atPath: setprivPath)
        #else
            false
        #endif
    }()

    /// The command that runs `executable arguments` with the parent-death signal set, where available.
    package static func wrap(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        guard available else { return (executable, arguments) }
        return (setprivPath, ["--pdeathsig", "KILL", "--", executable] + arguments)
    }
}
