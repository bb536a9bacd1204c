import Foundation
import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable JSONL log: an append completes only once its bytes are written and synced to disk.
///
/// Group commit, as databases do it: one writer at a time takes everything appended so far,
/// writes it with one `write` and syncs it with one `fdatasync`, while the next appends
/// accumulate behind it; then it takes those. A burst thus costs one sync per group rather
/// than one per request, and no append completes before its bytes are on disk. The blocking
/// calls run on NIO's thread pool, never on an event loop or the cooperative pool. Appends
/// take a lock rather than hop onto an actor: they come straight from the event loops.
///
/// A sync costs the kernel some 70–80 µs of CPU whatever it writes (in a VM, more), so under
/// many concurrent senders a group waits for more: after a group of at least
/// `concurrentGroupSize` appends, the next is written once its oldest append is `commitDelay`
/// old, as PostgreSQL's `commit_delay` and MySQL's `binlog_group_commit_sync_delay` do. A
/// lone sender, or a few, never waits: their groups are small.
final class EventLog: Sendable {
    static let commitDelay = Duration.microseconds(2000)
    static let concurrentGroupSize = 16

    /// Whether to `fdatasync` before completing. Off only trades power-loss durability for
    /// speed; a killed process loses nothing either way since the bytes are in the kernel.
    let synchronous: Bool
    let path: String
    private let descriptor: Int32
    private let state = Mutex(State())

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
            if directoryDescriptor >= 0 { _ = fsync(directoryDescriptor); closeDescriptor(directoryDescriptor) }
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
        let lead = state.withLock { state -> Bool? in
            guard !state.closed else { return nil }
            if state.waiting.isEmpty { state.firstAppend = .now }
            write(&state.bytes)
            state.waiting.append(notice)
            if state.writing { return false }
            state.writing = true
            return true
        }
        switch lead {
        case nil: notice.deliver(.failure(CaptureError.log(path: path, reason: "the log is closed")))
        case true?: NIOThreadPool.singleton.submit { _ in self.writeGroups() }
        case false?: break
        }
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
                guard !state.writing else { state.closeWaiter = continuation; return .writerCloses }
                return .closeNow
            }
            switch action {
            case .closeNow: finish(); continuation.resume()
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
                if state.lastGroupSize >= Self.concurrentGroupSize && !state.closed && ContinuousClock.now < due {
                    return .gather(until: due)
                }
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
                if let closeWaiter { finish(); closeWaiter.resume() }
                return
            case .gather(let due):
                // A blocking sleep is what this thread is for; it ends within `commitDelay`.
                Thread.sleep(forTimeInterval: (due - .now) / .seconds(1))
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
            loop.execute { for notice in notices { notice.deliver(result) } }
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
