import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// True while a process with this pid runs. A zombie counts as dead: it is
/// gone but for its exit status, and whoever reaps it may be slow to.
public func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
}

#if os(Linux)
    /// glibc 2.36's wrapper of the pidfd_open system call (not in Swift's Glibc module).
    @_silgen_name("pidfd_open")
    private func pidfdOpen(_ pid: pid_t, _ flags: UInt32) -> Int32

    /// Waits until every process in `pids` has ended, or `limit` passes; true when all ended.
    ///
    /// Woken by the kernel, not by polling: a pidfd becomes readable when its process ends,
    /// whoever its parent is. The waiting happens on a GCD thread, off the cooperative pool.
    public func processesEnd(_ pids: [Int32], within limit: Duration = .seconds(5)) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let deadline = ContinuousClock.now + limit
                var allEnded = true
                for pid in pids {
                    let descriptor = pidfdOpen(pid, 0)
                    guard descriptor >= 0 else {
                        // ESRCH: ended and reaped already. Anything else (no pidfd support) must not
                        // pass for "ended": look at the process table once instead.
                        if errno != ESRCH, isAlive(pid) { allEnded = false }
                        continue
                    }
                    defer { close(descriptor) }
                    let left = deadline - ContinuousClock.now
                    let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    if poll(&entry, 1, milliseconds) <= 0 { allEnded = false }
                }
                continuation.resume(returning: allEnded)
            }
        }
    }
#endif
