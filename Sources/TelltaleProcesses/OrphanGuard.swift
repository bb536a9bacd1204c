import Foundation

/// How a child process is made to die with Telltale, even when Telltale is killed with SIGKILL
/// and cannot clean up.
///
/// - `parentDeathSignal`: util-linux's `setpriv --pdeathsig KILL` (see `ParentDeathSignal`),
///   where it exists: no extra process, no gap.
/// - `watcher`: anywhere else, a small `sh` beside each child that holds a pipe from Telltale
///   and stops the child when the pipe closes (see `OrphanWatcher`).
///
/// A child that starts children in process groups of their own (`swift test` does) always
/// gets a watcher: a parent-death signal would kill it alone and leave its test process
/// running, where the watcher interrupts it so that it stops them first.
package enum OrphanGuard: String, Sendable, CaseIterable {
    case parentDeathSignal = "setpriv"
    case watcher

    /// Set to `setpriv` or `watcher` to choose; the tests force the watcher on with it.
    package static let environmentVariable = "TELLTALE_ORPHAN_GUARD"

    /// The guard for children that keep what they start in their own group: `setpriv` where it
    /// exists, the watcher elsewhere, unless `TELLTALE_ORPHAN_GUARD` chooses.
    package static let current: OrphanGuard = choose(
        requested: ProcessInfo.processInfo.environment[environmentVariable], setprivAvailable: ParentDeathSignal.available)

    static func choose(requested: String?, setprivAvailable: Bool) -> OrphanGuard {
        switch requested.flatMap(OrphanGuard.init(rawValue:)) {
        case .watcher: .watcher
        case .parentDeathSignal where setprivAvailable: .parentDeathSignal
        default: setprivAvailable ? .parentDeathSignal : .watcher
        }
    }

    /// The guard for a child stopped with `stop`.
    static func guarding(_ stop: StopMethod) -> OrphanGuard {
        stop == .interruptFirst ? .watcher : current
    }
}
