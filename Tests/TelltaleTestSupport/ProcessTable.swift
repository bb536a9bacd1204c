import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// True while a process with this pid runs. A zombie counts as dead: it is
/// gone but for its exit status, and whoever reaps it may be slow to (on Linux;
/// elsewhere a zombie still counts, as `kill(pid, 0)` sees it).
public func isAlive(_ pid: Int32) -> Bool {
    #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    #else
        return kill(pid, 0) == 0
    #endif
}

/// `SOCK_STREAM`: an enum on Glibc, a plain `Int32` on Darwin.
public let streamSocketType: Int32 = {
    #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
    #else
        SOCK_STREAM
    #endif
}()

/// How long a wait for something that must happen may take before the test calls it a hang:
/// generous, since a loaded two-core machine can take tens of seconds to schedule a process,
/// and waits end as soon as their condition holds, so passing runs never spend it.
public let hangLimit = Duration.seconds(300)

#if os(Linux)
    /// glibc 2.36's wrapper of the pidfd_open system call (not in Swift's Glibc module).
    @_silgen_name("pidfd_open")
    public func pidfdOpen(_ pid: pid_t, _ flags: UInt32) -> Int32

    /// Waits until every process in `pids` has ended, or `limit` passes; true when all ended.
    ///
    /// Woken by the kernel, not by polling: a pidfd becomes readable when its process ends,
    /// whoever its parent is. The waiting happens on a GCD thread, off the cooperative pool.
    public func processesEnd(_ pids: [Int32], within limit: Duration = hangLimit) async -> Bool {
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
#else
    /// Waits until every process in `pids` has ended, or `limit` passes; true when all ended.
    /// Woken by the kernel through a dispatch process source (kqueue's `NOTE_EXIT`).
    public func processesEnd(_ pids: [Int32], within limit: Duration = hangLimit) async -> Bool {
        let deadline = DispatchTime.now() + limit / .seconds(1)
        for pid in pids {
            let watch = ExitWatch()
            let ended = await withCheckedContinuation { continuation in watch.start(pid: pid, deadline: deadline, continuation) }
            if !ended { return false }
        }
        return true
    }

    /// One wait for one process's exit; the lock guards both fields, so `@unchecked` is sound.
    private final class ExitWatch: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Bool, Never>?
        private var source: (any DispatchSourceProcess)?

        func start(pid: Int32, deadline: DispatchTime, _ continuation: CheckedContinuation<Bool, Never>) {
            let source = DispatchSource.makeProcessSource(identifier: pid, eventMask: .exit, queue: .global())
            lock.lock()
            self.continuation = continuation
            self.source = source
            lock.unlock()
            source.setEventHandler { self.finish(true) }
            source.resume()
            // Ended before the source watched it: no event comes.
            if !isAlive(pid) { finish(true) }
            DispatchQueue.global().asyncAfter(deadline: deadline) { self.finish(!isAlive(pid)) }
        }

        private func finish(_ ended: Bool) {
            lock.lock()
            let waiting = continuation
            let watching = source
            continuation = nil
            source = nil
            lock.unlock()
            watching?.cancel()
            waiting?.resume(returning: ended)
        }
    }
#endif
