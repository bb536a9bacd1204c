import Foundation
import Synchronization

/// A handle on a running child process, so a watchdog can stop it from outside
/// the task that runs it.
///
/// The child leads its own process group, so killing the group also stops
/// anything the test started.
package final class ProcessControl: Sendable {
    private struct State {
        var pid: pid_t?
        var stop = StopMethod.group
        var grace = Duration.seconds(2)
        var killed = false
    }

    private let state = Mutex(State())

    package init() {}

    func started(pid: pid_t, stop: StopMethod, grace: Duration) {
        let killNow = state.withLock { state -> Bool in
            (state.pid, state.stop, state.grace) = (pid, stop, grace)
            return state.killed
        }
        if killNow { stopProcess(pid, stop: stop, grace: grace) }
    }

    func ended() {
        state.withLock { $0.pid = nil }
    }

    /// Kills the process and its group with SIGKILL (a `swift test`: SIGINT first, so it stops
    /// its test process, then SIGKILL to its group after the grace period); a process not yet
    /// started is killed as it starts.
    package func kill() {
        let (pid, stop, grace) = state.withLock { state in
            state.killed = true
            return (state.pid, state.stop, state.grace)
        }
        if let pid { stopProcess(pid, stop: stop, grace: grace) }
    }

    package var wasKilled: Bool { state.withLock { $0.killed } }

    private func stopProcess(_ pid: pid_t, stop: StopMethod, grace: Duration) {
        switch stop {
        case .group:
            _ = Foundation.kill(-pid, SIGKILL)
        case .interruptFirst:
            _ = Foundation.kill(pid, SIGINT)
            DispatchQueue.global().asyncAfter(deadline: .now() + grace / .seconds(1)) { [self] in
                // Only while it still runs: once it has ended, its pid may belong to another.
                if state.withLock({ $0.pid == pid }) { _ = Foundation.kill(-pid, SIGKILL) }
            }
        }
    }
}
