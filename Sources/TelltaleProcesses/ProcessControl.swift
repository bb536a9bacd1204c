import Foundation
import Synchronization

/// A handle on a running child process, so a watchdog can stop it from outside
/// the task that runs it.
///
/// The child leads its own process group, so killing the group also stops
/// anything the test started.
public final class ProcessControl: Sendable {
    private let state = Mutex<(pid: pid_t?, killed: Bool)>((nil, false))

    public init() {}

    func started(pid: pid_t) {
        let killNow = state.withLock { state -> Bool in
            state.pid = pid
            return state.killed
        }
        if killNow { Self.killGroup(pid) }
    }

    func ended() {
        state.withLock { $0.pid = nil }
    }

    /// Kills the process and its group with SIGKILL; a process not yet started is killed as it starts.
    public func kill() {
        let pid = state.withLock { state -> pid_t? in
            state.killed = true
            return state.pid
        }
        if let pid { Self.killGroup(pid) }
    }

    public var wasKilled: Bool { state.withLock { $0.killed } }

    private static func killGroup(_ pid: pid_t) {
        _ = Foundation.kill(-pid, SIGKILL)
    }
}
