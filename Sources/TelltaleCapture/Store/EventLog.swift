import Foundation
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The durable JSONL log: an append completes only once its bytes are written to the file
/// (by default), or written and synced to disk (`synchronous`, `--sync`).
///
/// Written, an event survives a crash or `kill -9` of Telltale: its bytes are in the kernel's
/// page cache, which the kernel writes out whatever becomes of the process. Only a power loss
/// or a kernel crash in the next seconds can lose it. So by default appends are written on the
/// event loops themselves, with no thread hop: each loop gathers its own lines
/// (`LoopPendingLines`); the first append since its last write asks the loop for a turn, and in
/// that turn one `write(2)` takes every line the loop appended meanwhile, before their answers
/// go out. A loop that read many requests in one turn thus makes one system call for all of
/// them rather than one each, and never waits for, or wakes, another loop. Lines from one loop
/// keep their order; lines from two loops are in the order of their writes, so the file's ids
/// can step back a little where both loops took events at once.
///
/// Synced (`synchronous`):
/// Group commit, as databases do it: one writer at a time takes everything appended so far,
/// writes it with one `write` and syncs it with one `fdatasync`, while the next appends
/// accumulate behind it; then it takes those. A burst thus costs one sync per group rather
/// than one per request, and no append completes before its bytes are on disk. The blocking
/// calls run on NIO's thread pool, never on an event loop or the cooperative pool. Appends
/// take a lock rather than hop onto an actor: they come straight from the event loops.
///
/// A sync costs the kernel some 70–80 µs of CPU whatever it writes (in a VM, more), so with
/// many concurrent senders a group waits for more, as PostgreSQL's `commit_delay` and MySQL's
/// `binlog_group_commit_sync_delay` do: after a group of at least `concurrentGroupSize`
/// appends, the next is written once twice as many appends wait (at most half the open
/// connections, `senders`, and only if that half is `concurrentGroupSize` or more), or once
/// its oldest append is `commitDelay` old. Groups thus grow with the load. The half matters:
/// a group that waited for every sender would leave the event loops idle while it syncs and
/// the disk idle while they work, and senders that wait for each answer would lose throughput.
/// A lone sender, or a few, never waits.
final class EventLog: Sendable {
    static let commitDelay = Duration.microseconds(2000)
    static let concurrentGroupSize = 16

    /// Whether to `fdatasync` before completing. Off only trades power-loss durability for
    /// speed; a killed process loses nothing either way since the bytes are in the kernel.
    let synchronous: Bool
    let path: String
    private let descriptor: Int32
    private let state = Mutex(State())
    /// Signalled when a gathering group reaches its target.
    private let gathered = DispatchSemaphore(value: 0)
    /// Open capture connections: how many senders could join a group.
    let senders = Atomic<Int>(0)
    /// Without `synchronous`: each event loop's pending lines, made on its first append.
    private let loops = Mutex(Loops())
    /// Held around each `write` without `synchronous`, so a short write's rest follows its start
    /// (`O_APPEND` keeps each whole `write` together, but not two).
    private let fileWrite = Mutex(())

    private struct Loops: ~Copyable {
        var pending: [LoopPendingLines] = []
        var closed = false
    }

    private struct State: ~Copyable {
        /// The next group: its bytes, joined as they arrive, and who waits for them.
        var bytes: [UInt8] = []
        var waiting: [DurabilityNotice] = []
        /// The last group's buffers, emptied, kept for the group after next: a group's bytes
        /// reach tens of kilobytes, and growing them anew for each group cost as much as writing.
        var spareBytes: [UInt8] = []
        var spareWaiting: [DurabilityNotice] = []
        /// When the next group's first append came.
        var firstAppend = ContinuousClock.Instant.now
        var lastGroupSize = 0
        /// While the writer gathers: the number of waiting appends that wakes it early (0: none).
        var wakeWriterAt = 0
        var writing = false
        var closed = false
        /// Resumed when a close finds a group being written and leaves the descriptor to it.
        var closeWaiter: CheckedContinuation<Void, Never>?
    }

    init(path: String, synchronous: Bool = true) throws {
        self.path = path
        self.synchronous = synchronous
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CaptureError.log(path: path, reason: error.localizedDescription)
        }
        let existed = FileManager.default.fileExists(atPath: path)
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CaptureError.log(path: path, reason: String(cString: strerror(errno))) }
        if !existed && synchronous {
            // A new file's directory entry must be durable too, or a crash could lose the whole file.
            let directoryDescriptor = open(directory, O_RDONLY)
            if directoryDescriptor >= 0 {
                _ = fsync(directoryDescriptor)
                closeDescriptor(directoryDescriptor)
            }
        }
    }

    /// Appends complete lines; `durable` succeeds once they are synced, or fails.
    func append(_ bytes: [UInt8], durable: EventLoopPromise<Void>) {
        append(notifying: .promise(durable)) { $0.append(contentsOf: bytes) }
    }

    /// Appends the complete lines `write` adds to the group's bytes (straight into them, so
    /// they are not copied); `notice` is delivered once they are synced, or could not be.
    /// `write` runs under the log's lock: keep it to encoding.
    func append(notifying notice: DurabilityNotice, _ write: (inout [UInt8]) -> Void) {
        guard synchronous else { return appendWritten(notifying: notice, write) }
        enum Lead { case closed, startWriter, wakeWriter, none }
        let lead = state.withLock { state -> Lead in
            guard !state.closed else { return .closed }
            if state.waiting.isEmpty { state.firstAppend = .now }
            write(&state.bytes)
            state.waiting.append(notice)
            if state.wakeWriterAt > 0 && state.waiting.count >= state.wakeWriterAt {
                state.wakeWriterAt = 0
                return .wakeWriter
            }
            if state.writing { return .none }
            state.writing = true
            return .startWriter
        }
        switch lead {
        case .closed: notice.deliver(.failure(CaptureError.log(path: path, reason: "the log is closed")))
        case .startWriter: NIOThreadPool.singleton.submit { _ in self.writeGroups() }
        case .wakeWriter: gathered.signal()
        case .none: break
        }
    }

    /// Without `synchronous`: adds the lines to their event loop's next write, which the
    /// loop's first append since its last write schedules (never inline: the caller is still in
    /// the middle of handling its request).
    private func appendWritten(notifying notice: DurabilityNotice, _ write: (inout [UInt8]) -> Void) {
        let closed = CaptureError.log(path: path, reason: "the log is closed")
        guard let pending = pendingLines(for: notice.eventLoop) else { return notice.deliver(.failure(closed)) }
        switch pending.append(notifying: notice, write) {
        case .closed: notice.deliver(.failure(closed))
        case .scheduleWrite: notice.eventLoop.execute { self.writePending(pending) }
        case .joined: break
        }
    }

    /// The loop's pending lines, made on its first append; nil once the log is closed.
    private func pendingLines(for loop: any EventLoop) -> LoopPendingLines? {
        loops.withLock { loops in
            guard !loops.closed else { return nil }
            if let found = loops.pending.first(where: { $0.loop === loop }) { return found }
            let made = LoopPendingLines(loop: loop)
            loops.pending.append(made)
            return made
        }
    }

    /// One `write` of everything a loop appended since its last, then their notices.
    private func writePending(_ pending: LoopPendingLines, closing: Bool = false) {
        let (result, waiting) = pending.take(closing: closing) { bytes in
            fileWrite.withLock { _ in Result { try self.write(bytes) } }
        }
        Self.complete(waiting, with: result)
    }

    /// Appends complete lines; returns when they are durable.
    func append(_ bytes: [UInt8]) async throws {
        let promise = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Void.self)
        append(bytes, durable: promise)
        try await promise.futureResult.get()
    }

    /// Stops taking appends; returns once the groups already taken are written and synced and
    /// the file is closed (a second close returns at once).
    func close() async {
        enum Action { case closeNow, writerCloses, alreadyClosed }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let action = state.withLock { state -> Action in
                guard !state.closed else { return .alreadyClosed }
                state.closed = true
                guard !state.writing else {
                    state.closeWaiter = continuation
                    return .writerCloses
                }
                return .closeNow
            }
            switch action {
            case .closeNow:
                // Without `synchronous`, lines may wait for their loop's turn: written first.
                if !synchronous {
                    let pending = loops.withLock { loops in
                        loops.closed = true
                        return loops.pending
                    }
                    for lines in pending { writePending(lines, closing: true) }
                }
                finish()
                continuation.resume()
            case .alreadyClosed: continuation.resume()
            case .writerCloses: break
            }
        }
    }

    /// The writer, on the thread pool: writes and syncs groups until none is waiting.
    private func writeGroups() {
        enum Step {
            case write([UInt8], [DurabilityNotice])
            case gather(until: ContinuousClock.Instant)
            case stop(CheckedContinuation<Void, Never>?)
        }
        while true {
            let step = state.withLock { state -> Step in
                guard !state.waiting.isEmpty else {
                    state.writing = false
                    defer { state.closeWaiter = nil }
                    return .stop(state.closeWaiter)
                }
                let due = state.firstAppend + Self.commitDelay
                let target = Self.gatherTarget(
                    lastGroupSize: state.lastGroupSize, waiting: state.waiting.count, senders: senders.load(ordering: .relaxed)
                )
                if let target, !state.closed, ContinuousClock.now < due {
                    state.wakeWriterAt = target
                    return .gather(until: due)
                }
                state.wakeWriterAt = 0
                state.lastGroupSize = state.waiting.count
                let group = Step.write(state.bytes, state.waiting)
                state.bytes = state.spareBytes
                state.waiting = state.spareWaiting
                state.spareBytes = []
                state.spareWaiting = []
                return group
            }
            switch step {
            case .stop(let closeWaiter):
                if let closeWaiter {
                    finish()
                    closeWaiter.resume()
                }
                return
            case .gather(let due):
                // Blocking is what this thread is for; the wait ends within `commitDelay`. A
                // signal left over from an earlier gather only makes the state be looked at again.
                let remaining = max(due - .now, .zero)
                _ = gathered.wait(timeout: .now() + .nanoseconds(Int(remaining / .nanoseconds(1))))
            case .write(var bytes, var waiting):
                let result = Result { try write(bytes) }
                Self.complete(waiting, with: result)
                bytes.removeAll(keepingCapacity: true)
                waiting.removeAll(keepingCapacity: true)
                state.withLock { state in
                    state.spareBytes = bytes
                    state.spareWaiting = waiting
                }
            }
        }
    }

    /// How many appends the next group should wait for before it is written, or nil to write
    /// it now (see the type's comment).
    static func gatherTarget(lastGroupSize: Int, waiting: Int, senders: Int) -> Int? {
        let half = senders / 2
        guard half >= concurrentGroupSize, lastGroupSize >= concurrentGroupSize else { return nil }
        let target = min(2 * lastGroupSize, half)
        return waiting < target ? target : nil
    }

    /// Delivers a group's notices with one hop onto each event loop rather than one per notice.
    private static func complete(_ waiting: [DurabilityNotice], with result: Result<Void, any Error>) {
        var byLoop: [(loop: any EventLoop, notices: [DurabilityNotice])] = []
        for notice in waiting {
            if let position = byLoop.firstIndex(where: { $0.loop === notice.eventLoop }) {
                byLoop[position].notices.append(notice)
            } else {
                byLoop.append((notice.eventLoop, [notice]))
            }
        }
        for (loop, notices) in byLoop {
            // Already on the loop (a write without sync): delivered in this turn.
            if loop.inEventLoop {
                for notice in notices { notice.deliver(result) }
            } else {
                loop.execute { for notice in notices { notice.deliver(result) } }
            }
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw CaptureError.log(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
        if synchronous && syncData(descriptor) != 0 {
            throw CaptureError.log(path: path, reason: "fdatasync: \(String(cString: strerror(errno)))")
        }
    }

    /// Syncs and closes the file; called once, when no group is being written.
    private func finish() {
        if synchronous { _ = fsync(descriptor) }
        closeDescriptor(descriptor)
    }
}

// Free functions, so the class's own `close()` and `write` do not shadow the system calls.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func syncData(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        fdatasync(descriptor)
    #else
        fsync(descriptor)
    #endif
}
