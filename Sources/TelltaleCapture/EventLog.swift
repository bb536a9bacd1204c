import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable JSONL log: `append` returns only once the bytes are written and synced to disk.
///
/// Group commit, as databases do it: while one batch is being written and synced, requests
/// that arrive queue up; when it is done the first of them leads the next write for all of
/// them. So a burst costs one `fdatasync` per batch rather than one per request, and no
/// request is answered before its events are on disk. The blocking calls run on NIO's
/// thread pool, never on the cooperative pool.
actor EventLog {
    /// Whether to `fdatasync` before acknowledging. Off only trades power-loss durability for
    /// speed; a killed process loses nothing either way since the bytes are in the kernel.
    let synchronous: Bool
    let path: String
    private let descriptor: Int32
    private var writing = false
    private var pending: [Entry] = []
    private var closed = false

    private struct Entry: Sendable {
        var data: Data
        var waiter: CheckedContinuation<Turn, any Error>?
    }

    private enum Turn: Sendable {
        case written
        case lead([Entry])
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

    /// Appends complete lines; returns when they are durable.
    func append(_ data: Data) async throws {
        guard !closed else { throw CaptureError.log(path: path, reason: "the log is closed") }
        var batch: [Entry]
        if writing {
            let turn = try await withCheckedThrowingContinuation { pending.append(Entry(data: data, waiter: $0)) }
            guard case .lead(let handed) = turn else { return }
            batch = handed
        } else {
            writing = true
            batch = [Entry(data: data, waiter: nil)]
        }
        let chunks = batch.map(\.data)
        let descriptor = descriptor, synchronous = synchronous, path = path
        let result: Result<Void, any Error>
        do {
            try await NIOThreadPool.singleton.runIfActive { try Self.write(chunks, to: descriptor, sync: synchronous, path: path) }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        for entry in batch { entry.waiter?.resume(with: result.map { .written }) }
        if pending.isEmpty {
            writing = false
        } else {
            var next = pending
            pending = []
            let leader = next[0].waiter
            next[0].waiter = nil
            leader?.resume(returning: .lead(next))
        }
        try result.get()
    }

    func close() {
        guard !closed else { return }
        closed = true
        if synchronous { _ = fsync(descriptor) }
        closeDescriptor(descriptor)
    }

    private static func write(_ chunks: [Data], to descriptor: Int32, sync: Bool, path: String) throws {
        var joined = Data(capacity: chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { joined.append(chunk) }
        try joined.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
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
        if sync && syncData(descriptor) != 0 {
            throw CaptureError.log(path: path, reason: "fdatasync: \(String(cString: strerror(errno)))")
        }
    }
}

// Free functions, so the actor's own `close()` and `write` do not shadow the system calls.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func syncData(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    fdatasync(descriptor)
    #else
    fsync(descriptor)
    #endif
}
